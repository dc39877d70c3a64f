import type { PassageMark, PassageSpan } from '@booktranslate/contract';
import { parsePlaceholders } from '@booktranslate/ebook';
import type { ReaderInline } from './reader-book';

/**
 * Placeholder text as the contract's safe structured text: text spans with the marks around them
 * (outermost first), tag spans for standalone placeholders. Never HTML: the web renders each span.
 * @example toSpans('a <g1>b</g1>', new Map([[1, { n: 1, kind: 'emphasis', href: null, label: null }]]))
 * // [{ type: 'text', text: 'a ', marks: [] }, { type: 'text', text: 'b', marks: [{ n: 1, kind: 'emphasis', href: null }] }]
 */
export function toSpans(text: string, inlines: Map<number, ReaderInline>): PassageSpan[] {
  const spans: PassageSpan[] = [];
  const open: PassageMark[] = [];
  const markOf = (n: number): PassageMark => {
    const inline = inlines.get(n);
    return { n, kind: inline?.kind ?? 'other', href: inline?.href ?? null };
  };
  for (const token of parsePlaceholders(text)) {
    if (token.type === 'text') {
      const last = spans.at(-1);
      // Text next to text under the same marks is one span (a literal '<' splits the tokens).
      if (last?.type === 'text' && sameMarks(last.marks, open)) last.text += token.value;
      else spans.push({ type: 'text', text: token.value, marks: [...open] });
    } else if (token.type === 'open') {
      open.push(markOf(token.n));
    } else if (token.type === 'close') {
      const at = open.findLastIndex((m) => m.n === token.n);
      if (at >= 0) open.splice(at, 1);
    } else {
      const inline = inlines.get(token.n);
      spans.push({
        type: 'tag',
        n: token.n,
        kind: inline?.kind ?? 'other',
        label: inline?.label ?? null,
        marks: [...open],
      });
    }
  }
  return spans;
}

function sameMarks(a: PassageMark[], b: PassageMark[]): boolean {
  return a.length === b.length && a.every((m, i) => m.n === b[i]?.n);
}
