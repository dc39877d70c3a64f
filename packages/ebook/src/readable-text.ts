import type { InlineTag } from './model';
import { parsePlaceholders } from './placeholders';

const WORD_EDGE = /[\p{L}\p{N}\p{M}]/u;

/**
 * The text a plain-text reader should see: placeholders dropped, a line break read as a space (so
 * "Fred<br/>Kate" stays two words, or as `lineBreak` where lines matter) and a formula as its alt
 * text, set apart from the words around it.
 * @example readableText('Fred Leise<x1/>Kate', [{ n: 1, kind: 'linebreak', empty: true }]) // 'Fred Leise Kate'
 */
export function readableText(text: string, inlines: InlineTag[], lineBreak = ' '): string {
  if (!text.includes('<')) return text;
  const byN = new Map(inlines.map((tag) => [tag.n, tag]));
  let out = '';
  let spaceBefore = false;
  // A line break separates what is on either side, punctuation too ("ascolta,<br/>\"non").
  let breakBefore = false;
  for (const token of parsePlaceholders(text)) {
    if (token.type === 'text') {
      const glued = out !== '' && !/\s$/.test(out) && !/^\s/.test(token.value);
      if ((breakBefore && glued) || (spaceBefore && WORD_EDGE.test(token.value.charAt(0)))) out += ' ';
      out += token.value;
      spaceBefore = false;
      breakBefore = false;
      continue;
    }
    if (token.type !== 'empty') continue;
    const tag = byN.get(token.n);
    if (tag?.kind === 'linebreak') {
      if (lineBreak === ' ') breakBefore = true;
      else out += lineBreak;
    } else if (tag?.alt) {
      if (WORD_EDGE.test(out.charAt(out.length - 1))) out += ' ';
      out += tag.alt;
      spaceBefore = true;
    }
  }
  return out;
}
