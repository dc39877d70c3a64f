import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './books';
import { users } from './users';

/** A glossary entry as a series keeps it: the source term and its agreed rendering. */
export interface SeriesGlossaryEntry {
  source: string;
  target: string;
  kind: 'character' | 'place' | 'term';
  gender?: 'male' | 'female' | 'neuter' | 'unknown';
  note?: string;
}

/**
 * A user's series of books (suggested from the books' own metadata, named by the user), with one
 * glossary per target language that every new volume's translation starts from.
 */
export const series = pgTable(
  'series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Target language -> the series' glossary into it. */
    glossaries: jsonb('glossaries').$type<Record<string, SeriesGlossaryEntry[]>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('series_user_name_uq').on(t.userId, t.name)],
);

/** Which series a book belongs to, and its place in it (volume 1, 2, ...). */
export const seriesBooks = pgTable(
  'series_books',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    volume: integer('volume'),
  },
  (t) => [primaryKey({ columns: [t.bookId] }), index('series_books_series_idx').on(t.seriesId)],
);

export type SeriesRow = typeof series.$inferSelect;
export type SeriesBookRow = typeof seriesBooks.$inferSelect;
