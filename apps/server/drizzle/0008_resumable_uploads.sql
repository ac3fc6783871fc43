ALTER TABLE "assets" ADD COLUMN "tus_id" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "upload_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "upload_fingerprint" text;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_tus_id_unique" UNIQUE("tus_id");