import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { books } from '../../../db/schema/books';
import { translations } from '../../../db/schema/translations';

/** The spend counters of a translation: the only code that writes provider_requests and provider_tokens. */
export const providerSpendRepository = {
  /** The words a translation's credit covers: the book's, or the Free credit's limit when smaller. */
  async coveredWords(db: Executor, translationId: string): Promise<number> {
    const [row] = await db
      .select({ words: books.wordCount, limit: translations.wordLimit })
      .from(translations)
      .innerJoin(books, eq(books.id, translations.bookId))
      .where(eq(translations.id, translationId));
    if (!row) return 0;
    return Math.min(row.words ?? 0, row.limit ?? Number.POSITIVE_INFINITY);
  },

  /** Counts one more request unless the translation is at either ceiling; false when it is. */
  async countRequest(
    db: Executor,
    translationId: string,
    ceiling: { requests: number; tokens: number },
  ): Promise<boolean> {
    const rows = await db
      .update(translations)
      .set({ providerRequests: sql`${translations.providerRequests} + 1` })
      .where(
        and(
          eq(translations.id, translationId),
          lt(translations.providerRequests, ceiling.requests),
          lt(translations.providerTokens, ceiling.tokens),
        ),
      )
      .returning({ id: translations.id });
    return rows.length > 0;
  },

  async addTokens(db: Executor, translationId: string, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    await db
      .update(translations)
      .set({ providerTokens: sql`${translations.providerTokens} + ${tokens}` })
      .where(eq(translations.id, translationId));
  },
};
