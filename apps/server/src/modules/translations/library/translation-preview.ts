import type { TranslationPreview } from '@booktranslate/contract';
import type { TranslationRow } from '../../../db/schema/translations';

/**
 * A translation's preview as the wire shows it (decision 226): set while it covers only a Free
 * credit's first words of a longer book. A book within the limit is translated whole on a Free
 * credit: nothing lies beyond, so it is no preview. An unread book (no word count yet) is one until
 * its words say otherwise.
 * @example translationPreview({ wordLimit: 5000, wordsTotal: 4987 }, 26559) // { word_limit: 5000, words_translated: 4987, words_total: 26559 }
 */
export function translationPreview(
  t: Pick<TranslationRow, 'wordLimit' | 'wordsTotal'>,
  bookWords: number | null,
): TranslationPreview | null {
  if (t.wordLimit === null) return null;
  if (bookWords !== null && bookWords <= t.wordLimit) return null;
  return { word_limit: t.wordLimit, words_translated: t.wordsTotal, words_total: bookWords };
}
