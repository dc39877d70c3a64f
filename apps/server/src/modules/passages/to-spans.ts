import { type PassageSpan, placeholderSpans } from '@booktranslate/contract';
import type { ReaderInline } from './reader-book';

/**
 * Placeholder text as the contract's safe structured text: text spans with the marks around them
 * (outermost first), tag spans for standalone placeholders. Never HTML: the web renders each span.
 * A number the block does not know reads as `other`.
 * @example toSpans('a <g1>b</g1>', new Map([[1, { n: 1, kind: 'emphasis', href: null, label: null }]]))
 * // [{ type: 'text', text: 'a ', marks: [] }, { type: 'text', text: 'b', marks: [{ n: 1, kind: 'emphasis', href: null }] }]
 */
export function toSpans(text: string, inlines: Map<number, ReaderInline>): PassageSpan[] {
  return placeholderSpans(text, {
    mark: (n) => ({ n, kind: inlines.get(n)?.kind ?? 'other', href: inlines.get(n)?.href ?? null }),
    tag: (n) => {
      const inline = inlines.get(n);
      return {
        kind: inline?.kind ?? 'other',
        label: inline?.label ?? null,
        ...(inline?.image ? { image: inline.image } : {}),
      };
    },
  });
}
