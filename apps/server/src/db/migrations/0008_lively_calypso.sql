CREATE TABLE "passage_edits" (
	"translation_id" uuid NOT NULL,
	"block_id" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passage_edits_translation_id_block_id_pk" PRIMARY KEY("translation_id","block_id")
);
--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "edits_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "outputs_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "passage_retranslations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "passage_retranslating_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passage_edits" ADD CONSTRAINT "passage_edits_translation_id_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."translations"("id") ON DELETE cascade ON UPDATE no action;