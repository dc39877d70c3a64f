import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import type { BlockBuilder } from '../build-block';
import { STRUCTURE_LIMITS } from '../structure-limits';
import type { InlineSyntax } from './markdown-source';

const TAG = /<(\/?)([A-Za-z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ID = /\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const CLASS = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const VOID = /^(?:area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i;
// Classes pandoc and EPUB makers give verse: each paragraph inside is a line of the poem.
const VERSE = /\b(?:line-?group|verse|poem|stanza)\b/i;
// Tags that set what is on either side apart, as a space would.
const SEPARATING =
  /<\/?(?:p|div|br|li|ul|ol|dl|dt|dd|td|th|tr|table|h[1-6]|blockquote|section|article|header|footer|nav|aside|figure|figcaption|hr|pre|summary|details)\b/i;

/** The ids and names HTML in a Markdown file gives its elements: link targets. */
export function htmlIds(html: string): string[] {
  const ids: string[] = [];
  TAG.lastIndex = 0;
  for (let tag = TAG.exec(html); tag; tag = TAG.exec(html)) {
    if (tag[1]) continue;
    ID.lastIndex = 0;
    for (let id = ID.exec(tag[3] ?? ''); id; id = ID.exec(tag[3] ?? '')) {
      const value = decodeHTML(id[1] ?? id[2] ?? id[3] ?? '').trim();
      if (value) ids.push(value);
    }
  }
  return ids;
}

/**
 * The HTML elements left open by raw HTML between Markdown blocks (pandoc wraps a poem in
 * `<div class="linegroup">` and each line in a `<div>`), so the paragraphs inside know they are verse.
 */
export class HtmlNesting {
  private open: { name: string; verse: number | null }[] = [];
  private groups = 0;

  /** Follows the tags of one piece of raw HTML. */
  update(html: string): void {
    TAG.lastIndex = 0;
    for (let tag = TAG.exec(html); tag; tag = TAG.exec(html)) {
      const name = (tag[2] as string).toLowerCase();
      const attrs = tag[3] ?? '';
      if (tag[1]) {
        const at = this.open.findLastIndex((element) => element.name === name);
        if (at >= 0) this.open.length = at;
      } else if (!VOID.test(name) && !attrs.endsWith('/') && this.open.length < STRUCTURE_LIMITS.maxDepth) {
        const cls = CLASS.exec(attrs);
        const verse = VERSE.test(cls?.[1] ?? cls?.[2] ?? cls?.[3] ?? '') ? ++this.groups : null;
        this.open.push({ name, verse });
      }
    }
  }

  /** The number of the verse group the next paragraph is in, or null outside verse. */
  get verseGroup(): number | null {
    for (let i = this.open.length - 1; i >= 0; i--) {
      const verse = this.open[i]?.verse;
      if (verse) return verse;
    }
    return null;
  }
}

/**
 * Adds the text of a raw HTML block to a block: text runs as text (entities decoded), everything
 * else (tags, comments, scripts, the white space around text) as standalone placeholders written
 * back exactly as they were. The HTML is only tokenized, never run or shown.
 */
export function addHtmlText(html: string, builder: BlockBuilder, syntax: InlineSyntax[]): void {
  const texts: [number, number][] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (name === 'script' || name === 'style') hidden++;
      },
      onclosetag: (name) => {
        if ((name === 'script' || name === 'style') && hidden > 0) hidden--;
      },
      ontext: () => {
        if (hidden > 0) return;
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        const last = texts[texts.length - 1];
        if (last && last[1] === start) last[1] = end;
        else texts.push([start, end]);
      },
    },
    { decodeEntities: false, lowerCaseTags: true },
  );
  parser.end(html);
  let at = 0;
  const raw = (end: number) => {
    if (end <= at) return;
    const source = html.slice(at, end);
    at = end;
    // A space stands for the break between words on either side (none after the last text).
    if (end < html.length && (/\s/.test(source) || SEPARATING.test(source))) builder.text(' ');
    const kind = /^<br\s*\/?>$/i.test(source.trim()) ? 'linebreak' : 'other';
    syntax[builder.empty({ kind, raw: source }) - 1] = { source, keep: true };
  };
  for (const [start, end] of texts) {
    const piece = html.slice(start, end);
    const lead = piece.length - piece.trimStart().length;
    const core = piece.trim();
    if (!core) continue;
    raw(start + lead);
    builder.text(decodeHTML(core));
    at = start + lead + core.length;
  }
  raw(html.length);
}
