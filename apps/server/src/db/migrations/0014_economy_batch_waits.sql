ALTER TABLE "economy_batches" DROP CONSTRAINT "economy_batches_translation_id_translations_id_fk";
--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "waiting_for" text;--> statement-breakpoint
CREATE INDEX "economy_batches_translation_idx" ON "economy_batches" USING btree ("translation_id");