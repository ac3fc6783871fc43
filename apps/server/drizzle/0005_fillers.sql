ALTER TABLE "auto_jobs" ADD COLUMN "remove_fillers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "remove_fillers" boolean DEFAULT false NOT NULL;