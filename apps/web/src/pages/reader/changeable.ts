import type { Passage } from '@booktranslate/contract';

/**
 * Whether a passage can be edited or translated again: it has a translation (not past a Free
 * credit's first words) and words in it (an image or a year alone is kept as it is).
 * @example isChangeable({ ...p, target: null }) // false
 */
export function isChangeable(passage: Passage): boolean {
  return (
    passage.target !== null && passage.source.some((span) => span.type === 'text' && /\p{L}/u.test(span.text))
  );
}
