ALTER TABLE "job_instances" ADD COLUMN "video_asset_id" text;--> statement-breakpoint
ALTER TABLE "job_instances" ADD COLUMN "video_probe" jsonb;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "upload_owner" text;