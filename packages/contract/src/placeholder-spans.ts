import type { InlineKindName } from './inline-kinds';
import type { PassageMark, PassageSpan } from './passages';

/** What placeholder N of one block stands for, as the spans show it. */
export interface PlaceholderMeanings {
  /** The mark `<gN>…</gN>` puts on its text. */
  mark(n: number): PassageMark;
  /** The element `<xN/>` is. */
  tag(n: number): { kind: InlineKindName; label: string | null };
}

const TOKEN = /<g(\d{1,6})>|<\/g(\d{1,6})>|<x(\d{1,6})\/>/g;

/**
 * Placeholder text as the contract's structured text: text spans with the marks around them
 * (outermost first), tag spans for `<xN/>`. Anything else (a literal `<`, `<g1/>`) stays text; a
 * close without its open is dropped; an unclosed `<gN>` ends with the text. One reading for the
 * server's answers and the web editor's preview; no zod here, so the web app imports it on its own
 * (`@booktranslate/contract/placeholder-spans`).
 * @example placeholderSpans('a <g1>b</g1>', meanings) // text 'a ', then 'b' with mark 1
 */
export function placeholderSpans(text: string, meanings: PlaceholderMeanings): PassageSpan[] {
  const spans: PassageSpan[] = [];
  const open: PassageMark[] = [];
  const pushText = (value: string) => {
    if (value) spans.push({ type: 'text', text: value, marks: [...open] });
  };
  let last = 0;
  for (const token of text.matchAll(TOKEN)) {
    pushText(text.slice(last, token.index));
    last = token.index + token[0].length;
    const [, opening, closing, tag] = token;
    if (opening) open.push(meanings.mark(Number(opening)));
    else if (closing) {
      const at = open.findLastIndex((m) => m.n === Number(closing));
      if (at >= 0) open.splice(at, 1);
    } else if (tag) {
      spans.push({ type: 'tag', n: Number(tag), ...meanings.tag(Number(tag)), marks: [...open] });
    }
  }
  pushText(text.slice(last));
  return spans;
}
