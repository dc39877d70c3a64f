import { and, count, desc, eq, getTableColumns, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { type BookRow, books } from '../../db/schema/books';
import {
  type NewTranslationRow,
  type ShownTranslationRow,
  type TranslationRow,
  translations,
} from '../../db/schema/translations';
import { FINAL_STATUSES, type TranslationStatus } from './translation-status';

/** A re-translation that has not finished after this long is taken as lost (a crashed process). */
const STALE_RETRANSLATION = sql`interval '3 minutes'`;

/**
 * The columns the API shows of a translation (`toTranslationDto`), and no others. A 100,000-word
 * book's brief is some 24 KB of JSON that every poll of the translation or the library would read
 * and parse only to drop it; and every column read costs the driver and Drizzle on each poll whether
 * shown or not (bench:load, decision 301). A field the API starts to show is added here and to
 * `ShownTranslationRow`; the prepared queries below do not compile until both agree.
 */
const columns = getTableColumns(translations);
export const shownTranslationColumns = {
  id: columns.id,
  bookId: columns.bookId,
  sourceLanguage: columns.sourceLanguage,
  targetLanguage: columns.targetLanguage,
  status: columns.status,
  failureReason: columns.failureReason,
  failureKind: columns.failureKind,
  currentChapter: columns.currentChapter,
  wordsTotal: columns.wordsTotal,
  wordsDone: columns.wordsDone,
  wordsFromMemory: columns.wordsFromMemory,
  wordLimit: columns.wordLimit,
  engine: columns.engine,
  creditTier: columns.creditTier,
  rating: columns.rating,
  ratingComment: columns.ratingComment,
  lane: columns.lane,
  waitingFor: columns.waitingFor,
  estimatedCompletion: columns.estimatedCompletion,
  createdAt: columns.createdAt,
  updatedAt: columns.updatedAt,
  completedAt: columns.completedAt,
} satisfies { [K in keyof ShownTranslationRow]: (typeof columns)[K] };
const shownColumns = shownTranslationColumns;

const shownTranslationWithBook = preparedPerDatabase((db) =>
  db
    .select({ translation: shownColumns, book: books })
    .from(translations)
    .innerJoin(books, eq(books.id, translations.bookId))
    .where(
      and(eq(translations.id, sql.placeholder('id')), eq(translations.userId, sql.placeholder('userId'))),
    )
    .prepare('shown_translation_with_book'),
);

const translationWithBook = preparedPerDatabase((db) =>
  db
    .select({ translation: translations, book: books })
    .from(translations)
    .innerJoin(books, eq(books.id, translations.bookId))
    .where(
      and(eq(translations.id, sql.placeholder('id')), eq(translations.userId, sql.placeholder('userId'))),
    )
    .prepare('translation_with_book'),
);

const translationsOfBooks = preparedPerDatabase((db) =>
  db
    .select(shownColumns)
    .from(translations)
    .where(sql`${translations.bookId} = any(${sql.placeholder('bookIds')}::uuid[])`)
    .orderBy(translations.createdAt, translations.id)
    .prepare('translations_of_books'),
);

/** What a progress event shows, for many translations in one read (decision 217). */
const progressOfMany = preparedPerDatabase((db) =>
  db
    .select({
      id: translations.id,
      status: translations.status,
      wordsDone: translations.wordsDone,
      wordsTotal: translations.wordsTotal,
      currentChapter: translations.currentChapter,
      estimatedCompletion: translations.estimatedCompletion,
      failureReason: translations.failureReason,
      waitingFor: translations.waitingFor,
    })
    .from(translations)
    .where(sql`${translations.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('translations_progress'),
);

/** The columns of a translation a progress event shows. */
export type TranslationProgressRow = Pick<
  TranslationRow,
  | 'id'
  | 'status'
  | 'wordsDone'
  | 'wordsTotal'
  | 'currentChapter'
  | 'estimatedCompletion'
  | 'failureReason'
  | 'waitingFor'
>;

/** The only code that queries the translations table. */
export interface CompletedTotals {
  books_translated: number;
  translations_completed: number;
  languages: number;
  words_translated: number;
}

/** One completed run of an engine, timed (the quote's pace). */
export interface EngineRun {
  words: number;
  prepareSeconds: number;
  translateSeconds: number;
}

export const translationsRepository = {
  async insert(db: Executor, row: NewTranslationRow): Promise<TranslationRow> {
    const [created] = await db.insert(translations).values(row).returning();
    return created!;
  },

  async findForUser(db: Executor, userId: string, id: string): Promise<TranslationRow | undefined> {
    const [row] = await db
      .select()
      .from(translations)
      .where(and(eq(translations.id, id), eq(translations.userId, userId)));
    return row;
  },

  /** The user's translation with its book, in one query (GET /translations/{id}/ is polled). */
  async findForUserWithBook(
    db: Executor,
    userId: string,
    id: string,
  ): Promise<{ translation: TranslationRow; book: BookRow } | undefined> {
    const [row] = await translationWithBook(db).execute({ id, userId });
    return row;
  },

  /** As findForUserWithBook, with the columns the API shows (GET /translations/{id}/, polled). */
  async findShownForUser(
    db: Executor,
    userId: string,
    id: string,
  ): Promise<{ translation: ShownTranslationRow; book: BookRow } | undefined> {
    const [row] = await shownTranslationWithBook(db).execute({ id, userId });
    return row;
  },

  async findById(db: Executor, id: string): Promise<TranslationRow | undefined> {
    const [row] = await db.select().from(translations).where(eq(translations.id, id));
    return row;
  },

  /** The progress columns of those of `ids` that still exist, in one query. */
  async progressOf(db: Executor, ids: string[]): Promise<TranslationProgressRow[]> {
    if (ids.length === 0) return [];
    return progressOfMany(db).execute({ ids });
  },

  /** The owner of a translation, or undefined when there is no such translation. */
  async ownerOf(db: Executor, id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: translations.userId })
      .from(translations)
      .where(eq(translations.id, id));
    return row?.userId;
  },

  /** Locks the row for the rest of the transaction (cancel, retry and saves serialize on it). */
  async lock(db: Executor, id: string): Promise<TranslationRow | undefined> {
    const [row] = await db.select().from(translations).where(eq(translations.id, id)).for('update');
    return row;
  },

  async forBooks(db: Executor, bookIds: string[]): Promise<ShownTranslationRow[]> {
    if (bookIds.length === 0) return [];
    return translationsOfBooks(db).execute({ bookIds });
  },

  async findByBookLanguage(
    db: Executor,
    bookId: string,
    language: string,
  ): Promise<TranslationRow | undefined> {
    const [row] = await db
      .select()
      .from(translations)
      .where(and(eq(translations.bookId, bookId), eq(translations.targetLanguage, language)));
    return row;
  },

  async list(
    db: Executor,
    userId: string,
    query: { page: number; limit: number; status: TranslationStatus | 'all' },
  ): Promise<{ rows: TranslationRow[]; total: number }> {
    const where =
      query.status === 'all'
        ? eq(translations.userId, userId)
        : and(eq(translations.userId, userId), eq(translations.status, query.status));
    const rows = await db
      .select()
      .from(translations)
      .where(where)
      .orderBy(desc(translations.createdAt), desc(translations.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [totalRow] = await db.select({ total: count() }).from(translations).where(where);
    return { rows, total: Number(totalRow?.total ?? 0) };
  },

  /** Translations waiting for their glossary review, untouched since `before` (oldest first). */
  async reviewsBefore(db: Executor, before: Date, limit: number): Promise<{ id: string; run: number }[]> {
    return db
      .select({ id: translations.id, run: translations.run })
      .from(translations)
      .where(and(eq(translations.status, 'reviewing'), lt(translations.updatedAt, before)))
      .orderBy(translations.updatedAt)
      .limit(limit);
  },

  async update(
    db: Executor,
    id: string,
    fields: Partial<NewTranslationRow>,
  ): Promise<TranslationRow | undefined> {
    const [row] = await db.update(translations).set(fields).where(eq(translations.id, id)).returning();
    return row;
  },

  /**
   * Moves a translation of the given run to a working status; refused (false) when the run moved on
   * or the translation already ended, so a stale job never revives a canceled translation.
   */
  async advance(
    db: Executor,
    id: string,
    run: number,
    status: TranslationStatus,
    fields: Partial<NewTranslationRow> = {},
  ): Promise<boolean> {
    const rows = await db
      .update(translations)
      .set({ ...fields, status })
      .where(
        and(
          eq(translations.id, id),
          eq(translations.run, run),
          notInArray(translations.status, [...FINAL_STATUSES]),
        ),
      )
      .returning({ id: translations.id });
    return rows.length > 0;
  },

  /**
   * Records outputs rewritten at an edits revision, unless the run moved on, the translation is no
   * longer completed or newer outputs were recorded meanwhile. Returns the updated row, or undefined.
   */
  async recordRewrittenOutputs(
    db: Executor,
    id: string,
    run: number,
    revision: number,
    outputs: TranslationRow['outputs'],
  ): Promise<TranslationRow | undefined> {
    const [row] = await db
      .update(translations)
      .set({ outputs, outputsRevision: revision })
      .where(
        and(
          eq(translations.id, id),
          eq(translations.run, run),
          eq(translations.status, 'completed'),
          lt(translations.outputsRevision, revision),
        ),
      )
      .returning();
    return row;
  },

  async addWordsDone(
    db: Executor,
    id: string,
    words: number,
    chapter: string | null,
  ): Promise<TranslationRow | undefined> {
    const [row] = await db
      .update(translations)
      .set({
        wordsDone: sql`${translations.wordsDone} + ${words}`,
        ...(chapter ? { currentChapter: chapter } : {}),
      })
      .where(eq(translations.id, id))
      .returning();
    return row;
  },

  /** Aggregate figures over every completed translation (the public dashboard), never one user's. */
  async completedTotals(db: Executor): Promise<CompletedTotals> {
    const result = await db.execute(sql`
      select
        count(distinct book_id) as books_translated,
        count(*) as translations_completed,
        count(distinct target_language) as languages,
        coalesce(sum(words_done), 0) as words_translated
      from translations where status = 'completed'
    `);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    const num = (key: keyof CompletedTotals) => Number(row[key] ?? 0);
    return {
      books_translated: num('books_translated'),
      translations_completed: num('translations_completed'),
      languages: num('languages'),
      words_translated: num('words_translated'),
    };
  },

  /**
   * How long the engine's last `limit` completed first runs took, any user's: the preparation (queued
   * to translating) and the translation of their words. Runs that waited for a glossary review,
   * were retried or continued are left out: their clocks measure people, not the engine.
   */
  async recentRuns(db: Executor, engine: string, limit: number): Promise<EngineRun[]> {
    const result = await db.execute(sql`
      select
        words_total - words_at_start as words,
        extract(epoch from translating_started_at - created_at)::float8 as prepare_seconds,
        extract(epoch from completed_at - translating_started_at)::float8 as translate_seconds
      from translations
      where status = 'completed' and engine = ${engine} and run = 1 and not review_glossary
        and translating_started_at is not null and completed_at is not null
        and words_total > words_at_start
      order by completed_at desc
      limit ${limit}
    `);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
      words: Number(row.words),
      prepareSeconds: Math.max(0, Number(row.prepare_seconds)),
      translateSeconds: Math.max(0, Number(row.translate_seconds)),
    }));
  },

  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(translations).where(eq(translations.id, id));
  },

  /** One more edit, undo or re-translated passage: outputs written before it are stale. */
  async bumpEditsRevision(db: Executor, translationId: string): Promise<void> {
    await db
      .update(translations)
      .set({ editsRevision: sql`${translations.editsRevision} + 1` })
      .where(eq(translations.id, translationId));
  },

  /**
   * Takes one re-translation of a passage when the allowance has room and none is under way (or the
   * one under way is stale). Answers the count used and the claim's mark, which releasing it needs;
   * null when it cannot be taken.
   */
  async claimRetranslation(
    db: Executor,
    translationId: string,
    limit: number,
  ): Promise<{ used: number; claim: Date } | null> {
    const [row] = await db
      .update(translations)
      .set({
        passageRetranslations: sql`${translations.passageRetranslations} + 1`,
        // Milliseconds, so the mark read back into a Date compares equal to the stored one.
        passageRetranslatingSince: sql`date_trunc('milliseconds', now())`,
      })
      .where(
        and(
          eq(translations.id, translationId),
          eq(translations.status, 'completed'),
          lt(translations.passageRetranslations, limit),
          or(
            isNull(translations.passageRetranslatingSince),
            lt(translations.passageRetranslatingSince, sql`now() - ${STALE_RETRANSLATION}`),
          ),
        ),
      )
      .returning({ used: translations.passageRetranslations, claim: translations.passageRetranslatingSince });
    return row?.claim ? { used: row.used, claim: row.claim } : null;
  },

  /**
   * Ends the re-translation that `claim` marks; `giveBack` returns its count (the engine gave
   * nothing). A claim that went stale and was taken by a newer request stays with that request.
   */
  async releaseRetranslation(
    db: Executor,
    translationId: string,
    claim: Date,
    giveBack: boolean,
  ): Promise<void> {
    await db
      .update(translations)
      .set({
        passageRetranslatingSince: sql`case when ${translations.passageRetranslatingSince} = ${claim.toISOString()}::timestamptz then null else ${translations.passageRetranslatingSince} end`,
        ...(giveBack
          ? { passageRetranslations: sql`greatest(${translations.passageRetranslations} - 1, 0)` }
          : {}),
      })
      .where(eq(translations.id, translationId));
  },
};
