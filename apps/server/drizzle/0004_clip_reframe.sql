ALTER TABLE "auto_jobs" ADD COLUMN "reframe" text DEFAULT 'centre' NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "reframe" text DEFAULT 'centre' NOT NULL;