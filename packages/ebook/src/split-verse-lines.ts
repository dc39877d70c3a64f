import type { Block } from './model';
import { parsePlaceholders } from './placeholders';

/**
 * A verse block that holds several lines (a stanza written as one paragraph broken by `<br/>`) as one
 * block per line, for formats with an element per line (FB2 `<v>`). Only breaks outside any inline
 * tag split; the first line keeps the block's anchor. Bilingual blocks stay whole.
 * @example splitVerseLines({ ...block, text: 'One<x1/>Two' }).map((b) => b.text) // ['One', 'Two']
 */
export function splitVerseLines(block: Block): Block[] {
  if (block.original !== undefined && block.original !== block.text) return [block];
  const breaks = new Set(block.inlines.filter((tag) => tag.kind === 'linebreak').map((tag) => tag.n));
  if (breaks.size === 0) return [block];
  const lines: string[] = [''];
  let depth = 0;
  for (const token of parsePlaceholders(block.text)) {
    if (token.type === 'empty' && depth === 0 && breaks.has(token.n)) {
      lines.push('');
      continue;
    }
    if (token.type === 'open') depth++;
    if (token.type === 'close') depth--;
    lines[lines.length - 1] += raw(token);
  }
  const kept = lines.filter((line) => line.trim() !== '');
  if (kept.length < 2) return [block];
  return kept.map((text, i) => {
    if (i === 0) return { ...block, text: text.trim() };
    const { anchor: _a, aliases: _b, noteId: _c, ...rest } = block;
    return { ...rest, id: `${block.id}.${i + 1}`, text: text.trim() };
  });
}

function raw(token: ReturnType<typeof parsePlaceholders>[number]): string {
  if (token.type === 'text') return token.value;
  if (token.type === 'empty') return `<x${token.n}/>`;
  return token.type === 'open' ? `<g${token.n}>` : `</g${token.n}>`;
}
