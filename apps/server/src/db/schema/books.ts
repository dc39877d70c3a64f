import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An uploaded book. Title, author, description, language, cover and word count come from the book
 * itself (filled at upload for small files, by the parsing step for large ones).
 */
export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    description: text('description'),
    originalLanguage: text('original_language'),
    /** 'epub' | 'fb2' | 'txt', sniffed from the bytes. */
    originalFormat: text('original_format').notNull(),
    /** The uploader's file name, for display only; storage keys are generated. */
    originalFilename: text('original_filename').notNull(),
    originalKey: text('original_key').notNull(),
    coverKey: text('cover_key'),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /**
     * Set when the original was deleted from storage (a book whose translations all failed, past the
     * retry window): the row stays for the library, the bytes no longer count against the quota.
     */
    originalDeletedAt: timestamp('original_deleted_at', { withTimezone: true }),
    /** Null until the book has been parsed. */
    wordCount: integer('word_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [index('books_user_created_idx').on(t.userId, t.createdAt)],
);

export type BookRow = typeof books.$inferSelect;
export type NewBookRow = typeof books.$inferInsert;
