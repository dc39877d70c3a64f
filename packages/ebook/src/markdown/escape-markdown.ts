// Characters that can start Markdown inline syntax anywhere in a line: a backslash before each makes
// it literal. `&` only where it would start an entity.
const INLINE = /[\\`*_[\]<~]/g;
const ENTITY_START = /&(?=#?[A-Za-z0-9]{1,32};)/g;

/**
 * Translated text written into Markdown so that reading it back gives the same text.
 * @example escapeMarkdownText('a*b [c]') // 'a\\*b \\[c\\]'
 */
export function escapeMarkdownText(text: string, inTable = false): string {
  const out = text.replace(INLINE, '\\$&').replace(ENTITY_START, '\\&');
  return inTable ? out.replace(/\|/g, '\\|') : out;
}

/**
 * The start of a line of text made safe: without the indentation that would make it code, and with
 * a backslash before a mark that would make it a heading, quote, list item or setext underline.
 * @example guardLineStart('1. Kapitel') // '1\\. Kapitel'
 */
export function guardLineStart(line: string): string {
  return line
    .replace(/^[ \t]+/, '')
    .replace(/^(?:[#>=]|[-+](?=[ \t]|-*[ \t]*$)|(\d{1,9})([.)])(?=[ \t]|$))/, (mark, digits, dot) =>
      digits ? `${digits}\\${dot}` : `\\${mark}`,
    );
}

/** Text written into raw HTML: `&`, `<` and `>` as entities. */
export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
