ALTER TABLE "passage_edits" ADD COLUMN "kind" text DEFAULT 'edit' NOT NULL;--> statement-breakpoint
ALTER TABLE "passage_edits" ADD COLUMN "previous_text" text;--> statement-breakpoint
ALTER TABLE "passage_edits" ADD COLUMN "previous_kind" text;