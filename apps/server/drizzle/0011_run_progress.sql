CREATE TABLE "work_speeds" (
	"kind" text PRIMARY KEY NOT NULL,
	"n" double precision NOT NULL,
	"sum_x" double precision NOT NULL,
	"sum_y" double precision NOT NULL,
	"sum_xx" double precision NOT NULL,
	"sum_xy" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_instances" ADD COLUMN "progress_stage" text;--> statement-breakpoint
ALTER TABLE "job_instances" ADD COLUMN "progress_clip" integer;--> statement-breakpoint
ALTER TABLE "job_instances" ADD COLUMN "progress_clips" integer;--> statement-breakpoint
ALTER TABLE "job_instances" ADD COLUMN "seconds_left" double precision;--> statement-breakpoint
ALTER TABLE "job_instances" ADD COLUMN "progress_at" timestamp with time zone;