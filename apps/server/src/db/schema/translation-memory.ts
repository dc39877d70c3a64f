import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's translation memory across books: every finished block, by the hash of its normalised
 * source text with the language pair and engine and model (`text_hash`), and the glossary renderings
 * it was translated with (`terms_hash`). The user's own edits are rows of origin 'edit' under a hash
 * without engine and model, and win over the engine's text. Never shared between users; goes with
 * the user row (account purge) or when the user clears it.
 */
export const translationMemory = pgTable(
  'translation_memory',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textHash: text('text_hash').notNull(),
    termsHash: text('terms_hash').notNull(),
    /** 'engine' or 'edit'. */
    origin: text('origin').notNull(),
    text: text('text').notNull(),
    words: integer('words').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The lookups: a batch of text hashes of one user, each with the terms it was translated with.
    uniqueIndex('translation_memory_key_uq').on(t.userId, t.textHash, t.termsHash),
    index('translation_memory_user_idx').on(t.userId, t.updatedAt),
  ],
);

export type TranslationMemoryRow = typeof translationMemory.$inferSelect;
