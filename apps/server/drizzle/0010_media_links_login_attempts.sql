CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_links" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"credential_stamp" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text,
	"entries" jsonb,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"disposition" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_attempts_reset_at_idx" ON "login_attempts" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "media_links_expires_at_idx" ON "media_links" USING btree ("expires_at");