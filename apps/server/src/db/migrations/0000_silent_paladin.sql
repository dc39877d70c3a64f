CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"description" text,
	"original_language" text,
	"original_format" text NOT NULL,
	"original_filename" text NOT NULL,
	"original_key" text NOT NULL,
	"cover_key" text,
	"file_size" bigint NOT NULL,
	"word_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_blocks" (
	"translation_id" uuid NOT NULL,
	"block_id" text NOT NULL,
	"source_hash" text NOT NULL,
	"text" text NOT NULL,
	"words" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_blocks_translation_id_block_id_pk" PRIMARY KEY("translation_id","block_id")
);
--> statement-breakpoint
CREATE TABLE "translation_chunks" (
	"translation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"run" integer NOT NULL,
	"chapter" text,
	"blocks" jsonb NOT NULL,
	"previous" text,
	"words" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_chunks_translation_id_seq_pk" PRIMARY KEY("translation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source_language" text,
	"target_language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"run" integer DEFAULT 1 NOT NULL,
	"words_total" integer DEFAULT 0 NOT NULL,
	"words_done" integer DEFAULT 0 NOT NULL,
	"words_at_start" integer DEFAULT 0 NOT NULL,
	"word_limit" integer,
	"current_chapter" text,
	"translating_started_at" timestamp with time zone,
	"estimated_completion" timestamp with time zone,
	"credit_tier" text,
	"credit_held" boolean DEFAULT false NOT NULL,
	"engine" text,
	"engine_model" text,
	"brief" jsonb,
	"brief_edited" boolean DEFAULT false NOT NULL,
	"outputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rating" integer,
	"rating_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "translation_blocks" ADD CONSTRAINT "translation_blocks_translation_id_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_chunks" ADD CONSTRAINT "translation_chunks_translation_id_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_user_created_idx" ON "books" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "translations_book_language_uq" ON "translations" USING btree ("book_id","target_language");--> statement-breakpoint
CREATE INDEX "translations_user_created_idx" ON "translations" USING btree ("user_id","created_at");