// A Free preview in words (decision 226), one phrase for the server's QA summary and the web's card,
// dialog and reader. No zod here (`@booktranslate/contract/preview-words`).

/** The preview's numbers as the wire's `preview` carries them. */
export interface PreviewNumbers {
  word_limit: number;
  words_total: number | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The preview in one phrase, starting in lower case so it fits inside a sentence.
 * @example previewPhrase({ word_limit: 5000, words_total: 26559 }) // 'a Free preview: the first 5,000 of 26,559 words'
 */
export function previewPhrase(preview: PreviewNumbers): string {
  const of = preview.words_total === null ? '' : ` of ${count(preview.words_total)}`;
  return `a Free preview: the first ${count(preview.word_limit)}${of} words`;
}

/** What the passages past the preview are called in the reader. */
export const beyondPreviewLabel = 'Beyond the Free preview';

/** The one action that translates the rest of a preview on a paid credit. */
export const translateRestLabel = 'Translate the rest';
