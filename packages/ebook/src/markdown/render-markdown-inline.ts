import { type PlaceholderToken, parsePlaceholders } from '../placeholders';
import { escapeHtmlText, escapeMarkdownText, guardLineStart } from './escape-markdown';
import type { InlineSyntax, SourceBlock } from './markdown-source';

const EMPHASIS_MARK = /^[*_~]+$/;

/**
 * Writes a translated block's placeholder text as Markdown in the block's own syntax: each
 * placeholder becomes the source's markup (`*…*`, `[…](url)`, code as it was), the text is escaped,
 * and a hard line break continues the block's containers (`> `, list indentation) on the next line.
 * Tolerant of a damaged translation: unknown or repeated placeholders are dropped, stray closers
 * ignored and unclosed ones closed at the end.
 * @example renderMarkdownInline('<g1>Hola</g1>*', block, '\n') // '*Hola*\\*'
 */
export function renderMarkdownInline(text: string, block: SourceBlock, newline: string): string {
  const used = new Set<number>();
  const open: { n: number; close: string; keep: boolean }[] = [];
  let skipping = 0;
  let lineStart = true;
  let out = '';
  const closeFrom = (at: number) => {
    for (const entry of open.splice(at).reverse()) {
      out += entry.close;
      if (entry.keep) skipping--;
    }
  };
  for (const token of tidy(parsePlaceholders(text), block.syntax)) {
    if (token.type === 'text') {
      if (skipping > 0) continue;
      let value = token.value.replace(/[\r\n]+/g, ' ');
      value = block.html ? escapeHtmlText(value) : escapeMarkdownText(value, block.kind === 'table-cell');
      if (lineStart) {
        value = block.html ? value : guardLineStart(value);
        if (value === '') continue;
        lineStart = false;
      }
      out += value;
      continue;
    }
    if (token.type === 'close') {
      const at = open.findLastIndex((entry) => entry.n === token.n);
      if (at >= 0) closeFrom(at);
      continue;
    }
    const syntax = block.syntax[token.n - 1];
    if (!syntax || used.has(token.n) || skipping > 0) continue;
    used.add(token.n);
    lineStart = false;
    if (token.type === 'empty') {
      if (syntax.lineEnd === undefined) out += syntax.source;
      else {
        out = `${out.replace(/[ \t]+$/, '')}${syntax.lineEnd || '\\'}${newline}${block.prefix}`;
        lineStart = true;
      }
      continue;
    }
    if (syntax.keep || syntax.open === undefined) {
      out += syntax.source;
      open.push({ n: token.n, close: '', keep: true });
      skipping++;
      continue;
    }
    const [before, after] = marks(syntax);
    // "!" before a link's "[" would make it an image.
    if (before.startsWith('[') && out.endsWith('!') && !out.endsWith('\\!')) out = `${out.slice(0, -1)}\\!`;
    out += before;
    open.push({ n: token.n, close: after, keep: false });
  }
  closeFrom(0);
  if (block.kind === 'heading') out = out.replace(/(^|[ \t])(#+)[ \t]*$/, '$1\\$2');
  return out;
}

// `_` emphasis does not open inside a word, and a translation may glue words to it: `*` always does.
function marks(syntax: InlineSyntax): [string, string] {
  const open = syntax.open ?? '';
  const close = syntax.close ?? '';
  if (/^_+$/.test(open) && open === close) return [open.replace(/_/g, '*'), close.replace(/_/g, '*')];
  return [open, close];
}

// Emphasis that encloses nothing is dropped (`**` alone is not emphasis), and white space at the
// inner edges of a paired placeholder moves outside it: `* word*` would not be emphasis.
function tidy(tokens: PlaceholderToken[], syntax: InlineSyntax[]): PlaceholderToken[] {
  const out: PlaceholderToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as PlaceholderToken;
    const next = tokens[i + 1];
    if (token.type === 'open') {
      if (
        next?.type === 'close' &&
        next.n === token.n &&
        EMPHASIS_MARK.test(syntax[token.n - 1]?.open ?? '')
      ) {
        i++;
        continue;
      }
      const lead = next?.type === 'text' ? (/^\s+/.exec(next.value)?.[0] ?? '') : '';
      if (next?.type === 'text' && lead) {
        out.push({ type: 'text', value: lead }, token);
        tokens[i + 1] = { type: 'text', value: next.value.slice(lead.length) };
        continue;
      }
    }
    const previous = out[out.length - 1];
    if (token.type === 'close' && previous?.type === 'text') {
      const trail = /\s+$/.exec(previous.value)?.[0] ?? '';
      if (trail) {
        out[out.length - 1] = { type: 'text', value: previous.value.slice(0, -trail.length) };
        out.push(token, { type: 'text', value: trail });
        continue;
      }
    }
    out.push(token);
  }
  return out;
}
