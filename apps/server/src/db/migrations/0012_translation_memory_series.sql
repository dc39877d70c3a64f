CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"glossaries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_books" (
	"book_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"volume" integer,
	CONSTRAINT "series_books_book_id_pk" PRIMARY KEY("book_id")
);
--> statement-breakpoint
CREATE TABLE "translation_memory" (
	"user_id" uuid NOT NULL,
	"text_hash" text NOT NULL,
	"terms_hash" text NOT NULL,
	"origin" text NOT NULL,
	"text" text NOT NULL,
	"words" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translation_blocks" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "words_from_memory" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_books" ADD CONSTRAINT "series_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_books" ADD CONSTRAINT "series_books_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_memory" ADD CONSTRAINT "translation_memory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "series_user_name_uq" ON "series" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "series_books_series_idx" ON "series_books" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "translation_memory_key_uq" ON "translation_memory" USING btree ("user_id","text_hash","terms_hash");--> statement-breakpoint
CREATE INDEX "translation_memory_user_idx" ON "translation_memory" USING btree ("user_id","updated_at");