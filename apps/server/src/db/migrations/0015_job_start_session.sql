ALTER TABLE "job_starts" ADD COLUMN "session" uuid;--> statement-breakpoint
ALTER TABLE "job_starts" ADD COLUMN "attempt" integer;