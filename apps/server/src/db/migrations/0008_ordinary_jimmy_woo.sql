CREATE TABLE "translation_block_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"translation_id" uuid NOT NULL,
	"run" integer NOT NULL,
	"block_id" text NOT NULL,
	"kind" text NOT NULL,
	"problem" text NOT NULL,
	"repair" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_reports" (
	"translation_id" uuid PRIMARY KEY NOT NULL,
	"run" integer NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "review_glossary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "translation_block_notes" ADD CONSTRAINT "translation_block_notes_translation_id_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_reports" ADD CONSTRAINT "translation_reports_translation_id_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translation_block_notes_translation_idx" ON "translation_block_notes" USING btree ("translation_id","run");