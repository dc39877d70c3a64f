import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { books } from '../../../db/schema/books';
import { translations } from '../../../db/schema/translations';

/** Tokens and dollars of provider work; `savedUsd`: the standard price minus what was paid. */
export interface PaidUsage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens?: number;
  costUsd?: number;
  savedUsd?: number;
}

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

  /**
   * Adds what the provider was paid for: tokens (the ceiling's total and by direction, reasoning
   * apart), the cost paid and what the economy lane saved against the standard price.
   */
  async addUsage(db: Executor, translationId: string, usage: PaidUsage): Promise<void> {
    const tokens = usage.inputTokens + usage.outputTokens;
    if (tokens <= 0 && !usage.costUsd) return;
    await db
      .update(translations)
      .set({
        providerTokens: sql`${translations.providerTokens} + ${tokens}`,
        providerInputTokens: sql`${translations.providerInputTokens} + ${usage.inputTokens}`,
        providerOutputTokens: sql`${translations.providerOutputTokens} + ${usage.outputTokens}`,
        providerReasoningTokens: sql`${translations.providerReasoningTokens} + ${usage.reasoningTokens ?? 0}`,
        providerCostUsd: sql`${translations.providerCostUsd} + ${usage.costUsd ?? 0}`,
        providerCostSavedUsd: sql`${translations.providerCostSavedUsd} + ${usage.savedUsd ?? 0}`,
      })
      .where(eq(translations.id, translationId));
  },
};
