import type { CreditTier } from '@booktranslate/contract';

/** What a credit buys: a Free credit covers the first 5,000 words of the book (spec section 9). */
export const FREE_WORD_LIMIT = 5000;

/** The tiers that buy a whole book: the rest of a Free preview is translated on one of these. */
export const WHOLE_BOOK_TIERS: readonly CreditTier[] = ['BOOKWORM', 'READER'];

/** The word limit a credit of this tier buys (null: the whole book). */
export function wordLimitFor(tier: CreditTier): number | null {
  return tier === 'FREE' ? FREE_WORD_LIMIT : null;
}

/** The first-page notice of a partial (Free) translation. */
export function partialNotice(limit: number, totalWords: number): string {
  return (
    `This is a free preview: the first ${limit.toLocaleString('en-US')} of ${totalWords.toLocaleString('en-US')} ` +
    'words were translated; the rest of the book stays in its original language. ' +
    'Upgrade your plan to translate the whole book.'
  );
}
