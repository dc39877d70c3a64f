import { type SourceEdit, setAttributes, setContent } from '../edit-source';
import { escapeXmlText } from '../escape-xml';
import { isRtl } from '../text-direction';
import type { XmlDocument, XmlElement } from '../xml-dom';
import { attrByLocal, childElements, descendants, labelText, localName } from '../xml-query';

const EAST_ASIAN = /^(zh|ja|ko)\b/i;

/**
 * Edits that mark text of the language `from` as written in `to`, so Word proofs the translation
 * in its own language: every `w:lang` of styles.xml's defaults, and elsewhere those that named the
 * source language (a French quotation marked as French keeps its mark). East Asian and
 * right-to-left targets also get the `w:eastAsia` or `w:bidi` attribute.
 * @example languageEdits(styles, 'en', 'de', true) // [{ start, end, text: '<w:lang w:val="de" .../>' }]
 */
export function languageEdits(
  doc: XmlDocument,
  from: string | null,
  to: string,
  defaults: boolean,
): SourceEdit[] {
  const edits: SourceEdit[] = [];
  const inDefaults = new Set(
    defaults ? descendants(doc.root, 'docDefaults').flatMap((d) => descendants(d, 'lang')) : [],
  );
  for (const lang of descendants(doc.root, 'lang')) {
    const value = attrByLocal(lang, 'val');
    const ours =
      inDefaults.has(lang) ||
      (value !== undefined && from !== null && value.toLowerCase() === from.toLowerCase());
    if (!ours) continue;
    const prefix = prefixOf(lang);
    const changes: Record<string, string> = { [`${prefix}val`]: to };
    if (EAST_ASIAN.test(to)) changes[`${prefix}eastAsia`] = to;
    if (isRtl(to)) changes[`${prefix}bidi`] = to;
    const edit = setAttributes(lang, changes);
    if (edit) edits.push(edit);
  }
  return edits;
}

/** Edits of the core properties: the title and language, where the part names them and they changed. */
export function coreEdits(core: XmlDocument, values: { title?: string; language?: string }): SourceEdit[] {
  const edits: SourceEdit[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const el = childElements(core.root).find((node) => localName(node.name) === name);
    // A self-closing element has no content to set; one the source left out stays out.
    if (el && el.end > el.openEnd && labelText(el) !== value)
      edits.push(setContent(el, escapeXmlText(value)));
  }
  return edits;
}

function prefixOf(el: XmlElement): string {
  const colon = el.name.indexOf(':');
  return colon < 0 ? '' : el.name.slice(0, colon + 1);
}
