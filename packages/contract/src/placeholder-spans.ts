import type { InlineKindName } from './inline-kinds';
import type { PassageMark, PassageSpan } from './passages';
import { parsePlaceholders } from './placeholder-grammar';

/** What placeholder N of one block stands for, as the spans show it. */
export interface PlaceholderMeanings {
  /** The mark `<gN>…</gN>` puts on its text. */
  mark(n: number): PassageMark;
  /** The element `<xN/>` is. */
  tag(n: number): { kind: InlineKindName; label: string | null; image?: string };
}

/**
 * Placeholder text as the contract's structured text: text spans with the marks around them
 * (outermost first), tag spans for `<xN/>`. Anything else (a literal `<`, `<g1/>`) stays text; a
 * close without its open is dropped; an unclosed `<gN>` ends with the text. The grammar is
 * placeholder-grammar.ts; one reading for the server's answers and the web editor's preview; no
 * zod here, so the web app imports it on its own (`@booktranslate/contract/placeholder-spans`).
 * @example placeholderSpans('a <g1>b</g1>', meanings) // text 'a ', then 'b' with mark 1
 */
export function placeholderSpans(text: string, meanings: PlaceholderMeanings): PassageSpan[] {
  const spans: PassageSpan[] = [];
  const open: PassageMark[] = [];
  for (const token of parsePlaceholders(text)) {
    if (token.type === 'text') {
      if (token.value) spans.push({ type: 'text', text: token.value, marks: [...open] });
    } else if (token.type === 'open') open.push(meanings.mark(token.n));
    else if (token.type === 'close') {
      const at = open.findLastIndex((m) => m.n === token.n);
      if (at >= 0) open.splice(at, 1);
    } else spans.push({ type: 'tag', n: token.n, ...meanings.tag(token.n), marks: [...open] });
  }
  return spans;
}
