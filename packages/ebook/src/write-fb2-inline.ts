import { escapeXml } from './escape-xml';
import type { Fb2Ids } from './fb2-ids';
import type { InlineTag } from './model';
import { parsePlaceholders } from './placeholders';

/** What inline rendering needs to know about the rest of the book. */
export interface Fb2InlineContext {
  ids: Fb2Ids;
  /** Resource href (or its file name) -> binary id. */
  binaries: Map<string, string>;
}

const ELEMENTS: Partial<Record<InlineTag['kind'], string>> = {
  emphasis: 'emphasis',
  strong: 'strong',
  code: 'code',
  superscript: 'sup',
  subscript: 'sub',
  strikethrough: 'strikethrough',
};

/**
 * Turns placeholder text back into FB2 inline markup. Tags FB2 lacks keep their text and lose the
 * tag; links whose target is not in the book are unwrapped; a link never nests inside a link, as
 * the schema requires. Placeholders a translation closed out of order are closed where they end.
 * @example renderFb2Inline('<g1>Hi</g1>', [{ n: 1, kind: 'emphasis', empty: false }], ctx) // '<emphasis>Hi</emphasis>'
 */
export function renderFb2Inline(text: string, inlines: InlineTag[], ctx: Fb2InlineContext): string {
  if (inlines.length === 0 && !text.includes('<')) return escapeXml(text);
  const byN = new Map(inlines.map((tag) => [tag.n, tag]));
  const stack: { n: number; element: string | null; link: boolean }[] = [];
  let out = '';
  const inLink = () => stack.some((open) => open.link);
  for (const token of parsePlaceholders(text)) {
    if (token.type === 'text') out += escapeXml(token.value);
    else if (token.type === 'empty') out += renderEmpty(byN.get(token.n), ctx, inLink());
    else if (token.type === 'open') {
      const tag = byN.get(token.n);
      const opened = tag ? openTag(tag, ctx, inLink()) : null;
      if (opened) out += opened.xml;
      stack.push({ n: token.n, element: opened?.element ?? null, link: opened?.element === 'a' });
    } else if (stack.some((open) => open.n === token.n)) {
      for (let open = stack.pop(); open; open = stack.pop()) {
        if (open.element) out += `</${open.element}>`;
        if (open.n === token.n) break;
      }
    }
  }
  for (let open = stack.pop(); open; open = stack.pop()) if (open.element) out += `</${open.element}>`;
  return out;
}

function openTag(
  tag: InlineTag,
  ctx: Fb2InlineContext,
  inLink: boolean,
): { element: string; xml: string } | null {
  if (tag.kind === 'link' || tag.kind === 'noteref') {
    if (inLink) return null;
    const href = linkTarget(tag.href, ctx);
    if (!href) return null;
    const type = tag.kind === 'noteref' && href.startsWith('#') ? ' type="note"' : '';
    return { element: 'a', xml: `<a l:href="${escapeXml(href)}"${type}>` };
  }
  if (tag.kind === 'span' && tag.tag === 'style' && tag.attrs?.name && !inLink) {
    return { element: 'style', xml: `<style name="${escapeXml(tag.attrs.name)}">` };
  }
  const element = ELEMENTS[tag.kind];
  return element ? { element, xml: `<${element}>` } : null;
}

function renderEmpty(tag: InlineTag | undefined, ctx: Fb2InlineContext, inLink: boolean): string {
  if (!tag) return '';
  if (tag.kind === 'image') {
    const id = tag.href ? (ctx.binaries.get(tag.href) ?? ctx.binaries.get(fileName(tag.href))) : undefined;
    return id ? `<image l:href="#${escapeXml(id)}"/>` : '';
  }
  if (tag.kind === 'linebreak') return ' ';
  // A formula FB2 cannot show is read as its alt text.
  if (tag.alt) return ` ${escapeXml(tag.alt)} `;
  const opened = openTag(tag, ctx, inLink);
  return opened ? `${opened.xml}</${opened.element}>` : '';
}

/** "#id" for a target inside the book, the URL for an external link, else null. */
export function linkTarget(href: string | undefined, ctx: Fb2InlineContext): string | null {
  if (!href) return null;
  const hash = href.indexOf('#');
  if (hash !== -1) {
    const fragment = decodeFragment(href.slice(hash + 1));
    const id = ctx.ids.lookup(href) ?? ctx.ids.lookup(fragment);
    if (id) return `#${id}`;
    // A target the book lacks (an empty note): the link stays, pointing where the source pointed.
    if (fragment && !/^[a-z][\w+.-]*:/i.test(href)) return `#${fragment.replace(/[^\p{L}\p{N}._-]+/gu, '_')}`;
  }
  return /^(https?|mailto|ftp):/i.test(href) ? href : null;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

export function fileName(href: string): string {
  return href.replace(/^.*\//, '');
}
