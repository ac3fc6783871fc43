CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_id" text,
	"language" text DEFAULT 'en' NOT NULL,
	"max_words_in_phrase" integer DEFAULT 5 NOT NULL,
	"latest_job_instance_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"auto_job_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"progress" double precision DEFAULT 0 NOT NULL,
	"queue_job_name" text,
	"queue_job_id" text,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clips" (
	"id" text PRIMARY KEY NOT NULL,
	"auto_job_id" text NOT NULL,
	"auto_job_instance_id" text NOT NULL,
	"step_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"engagement_score" double precision NOT NULL,
	"status" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"is_long_form" boolean NOT NULL,
	"start_s" double precision NOT NULL,
	"end_s" double precision NOT NULL,
	"segments" jsonb NOT NULL,
	"gaps" jsonb NOT NULL,
	"draw_settings" jsonb NOT NULL,
	"score_features" jsonb,
	"confirm" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" text PRIMARY KEY NOT NULL,
	"auto_job_id" text NOT NULL,
	"job_instance_id" text,
	"clip_id" text,
	"name" text NOT NULL,
	"asset_type" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"uploaded_amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"storage_key" text,
	"probe" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_jobs" ADD CONSTRAINT "auto_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_jobs" ADD CONSTRAINT "auto_jobs_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_instances" ADD CONSTRAINT "job_instances_auto_job_id_auto_jobs_id_fk" FOREIGN KEY ("auto_job_id") REFERENCES "public"."auto_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_auto_job_id_auto_jobs_id_fk" FOREIGN KEY ("auto_job_id") REFERENCES "public"."auto_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_auto_job_instance_id_job_instances_id_fk" FOREIGN KEY ("auto_job_instance_id") REFERENCES "public"."job_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_auto_job_id_auto_jobs_id_fk" FOREIGN KEY ("auto_job_id") REFERENCES "public"."auto_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_job_instance_id_job_instances_id_fk" FOREIGN KEY ("job_instance_id") REFERENCES "public"."job_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "templates_user_id_idx" ON "templates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auto_jobs_user_id_idx" ON "auto_jobs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_instances_auto_job_id_idx" ON "job_instances" USING btree ("auto_job_id");--> statement-breakpoint
CREATE INDEX "clips_auto_job_id_idx" ON "clips" USING btree ("auto_job_id");--> statement-breakpoint
CREATE INDEX "clips_instance_id_idx" ON "clips" USING btree ("auto_job_instance_id");--> statement-breakpoint
CREATE INDEX "assets_auto_job_id_idx" ON "assets" USING btree ("auto_job_id");--> statement-breakpoint
CREATE INDEX "assets_clip_id_idx" ON "assets" USING btree ("clip_id");