import { type SourceEdit, setAttributes } from './edit-source';
import { isRtl } from './text-direction';
import type { XmlElement } from './xml-dom';
import { childElements, localName } from './xml-query';

/**
 * Edits that mark a content document as written in `language`: `xml:lang` (and `lang` in EPUB 3,
 * where XHTML 1.1's rules do not forbid it) on <html>, `dir` for right-to-left targets, and the same
 * attributes on <body> where the source set them.
 * @example languageEdits(doc.root, 'ar', 3) // [{ start, end, text: '<html ... lang="ar" xml:lang="ar" dir="rtl">' }]
 */
export function languageEdits(html: XmlElement, language: string, version: 2 | 3): SourceEdit[] {
  const rtl = isRtl(language);
  const edits: SourceEdit[] = [];
  const forRoot: Record<string, string | undefined> = { 'xml:lang': language };
  // An SVG page or a DTBook document knows only xml:lang among these.
  const xhtml = localName(html.name) === 'html';
  if ((version === 3 && xhtml) || 'lang' in html.attrs) forRoot.lang = language;
  if ((rtl && xhtml) || 'dir' in html.attrs) forRoot.dir = rtl ? 'rtl' : 'ltr';
  const rootEdit = setAttributes(html, forRoot);
  if (rootEdit) edits.push(rootEdit);
  const body = childElements(html, 'body')[0];
  if (body) {
    const forBody: Record<string, string | undefined> = {};
    for (const key of ['lang', 'xml:lang'] as const) if (key in body.attrs) forBody[key] = language;
    if ('dir' in body.attrs) forBody.dir = rtl ? 'rtl' : 'ltr';
    const bodyEdit = setAttributes(body, forBody);
    if (bodyEdit) edits.push(bodyEdit);
  }
  return edits;
}
