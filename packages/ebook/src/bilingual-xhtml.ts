import type { SourceEdit } from './edit-source';
import type { BlockSpan } from './extract-blocks';
import type { Layout } from './options';
import { plainText } from './placeholders';
import { renderXhtml, sourceTagWriter, type TagWriter } from './render-xhtml';
import { isRtl } from './text-direction';
import { localName, startTag } from './xml-query';

/**
 * True when a bilingual layout should show this block twice: it was translated into something
 * different and has words (an image-only block or an unchanged "* * *" is written once).
 */
export function showsBoth(translated: string, original: string | undefined): original is string {
  return original !== undefined && original !== translated && /[\p{L}\p{N}]/u.test(plainText(original));
}

/** Styles that set the original apart from the translation; put in the head of every changed document. */
export const BILINGUAL_CSS =
  '.bt-original{color:#555;font-style:italic;font-size:0.92em;margin-top:0.2em}.bt-translation{}';

// Elements that can simply appear twice in a row; list items, table cells and figcaptions (one per
// figure) would change the structure, so their two versions go inside the one element.
const DUPLICABLE = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'aside']);

// The copy must not repeat element ids: they have to stay unique in the document.
const withoutIds: TagWriter = (tag) => {
  if (!tag.attrs || !('id' in tag.attrs) || tag.raw) return sourceTagWriter(tag);
  const { id: _id, ...attrs } = tag.attrs;
  return sourceTagWriter({ ...tag, attrs });
};

export interface BilingualContext {
  layout: Exclude<Layout, 'translated'>;
  sourceLanguage: string | null;
  targetLanguage: string | null;
  version: 2 | 3;
}

/**
 * The edit that writes a block twice, translation and original (or the reverse), the original
 * marked with class `bt-original` and its language so reading systems and readers tell them apart.
 * @example bilingualEdit(span, 'Hola', 'Hello', { layout: 'bilingual', sourceLanguage: 'en', targetLanguage: 'es', version: 3 })
 */
export function bilingualEdit(
  span: BlockSpan,
  translated: string,
  original: string,
  ctx: BilingualContext,
): SourceEdit {
  const inlines = span.block.inlines;
  const langAttrs: Record<string, string> = {};
  if (ctx.sourceLanguage) {
    if (ctx.version === 3) langAttrs.lang = ctx.sourceLanguage;
    langAttrs['xml:lang'] = ctx.sourceLanguage;
    if (isRtl(ctx.sourceLanguage) !== isRtl(ctx.targetLanguage))
      langAttrs.dir = isRtl(ctx.sourceLanguage) ? 'rtl' : 'ltr';
  }
  const el = span.element;
  const translatedFirst = ctx.layout === 'bilingual';
  if (el && DUPLICABLE.has(localName(el.name))) {
    const { id, ...rest } = el.attrs;
    const t = `${startTag(el.name, { ...el.attrs, class: addClass(el.attrs.class, 'bt-translation') })}${renderXhtml(translated, inlines)}</${el.name}>`;
    const o = `${startTag(el.name, { ...rest, class: addClass(rest.class, 'bt-original'), ...langAttrs })}${renderXhtml(original, inlines, withoutIds)}</${el.name}>`;
    return { start: el.start, end: el.end, text: translatedFirst ? t + o : o + t };
  }
  const t = `<span class="bt-translation">${renderXhtml(translated, inlines)}</span>`;
  const o = `${startTag('span', { class: 'bt-original', ...langAttrs })}${renderXhtml(original, inlines, withoutIds)}</span>`;
  const br = '<br class="bt-break"/>';
  return { start: span.start, end: span.end, text: translatedFirst ? t + br + o : o + br + t };
}

function addClass(existing: string | undefined, name: string): string {
  return existing ? `${existing} ${name}` : name;
}
