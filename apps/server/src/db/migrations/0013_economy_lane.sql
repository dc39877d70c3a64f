CREATE TABLE "economy_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"translation_id" uuid NOT NULL,
	"run" integer NOT NULL,
	"group_index" integer NOT NULL,
	"chunks" jsonb NOT NULL,
	"requests" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_batch_id" text,
	"state" text NOT NULL,
	"provider_state" text,
	"submitted_at" timestamp with time zone,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "provider_input_tokens" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "provider_output_tokens" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "provider_reasoning_tokens" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "provider_cost_usd" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "provider_cost_saved_usd" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "lane" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "economy_batches" ADD CONSTRAINT "economy_batches_translation_id_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "economy_batches_group_uq" ON "economy_batches" USING btree ("translation_id","run","group_index");--> statement-breakpoint
CREATE INDEX "economy_batches_state_idx" ON "economy_batches" USING btree ("state");