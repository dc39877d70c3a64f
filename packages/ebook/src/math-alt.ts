import type { InlineTag } from './model';
import { escapeAttr } from './xml-query';

/**
 * Alt text that says there is no description ("Alternative text not available", "equation", "N/A"):
 * a converter's placeholder, which would replace every formula's symbols with the same words.
 */
const NO_DESCRIPTION =
  /^(?:(?:alt(?:ernative)?[\s-]*(?:text)?|description|image|picture|equation|formula|math(?:ml)?)[\s:-]*)?(?:(?:is\s+)?(?:not\s+available|unavailable|missing|not\s+provided)|n\/?a|none|todo|tbd)?[.!]?$/i;

/**
 * True when a formula's `alttext` describes it; false for an empty one or a placeholder that says
 * there is none.
 * @example describesFormula('Alternative text not available') // false
 */
export function describesFormula(alttext: string | undefined): boolean {
  const text = alttext?.replace(/\s+/g, ' ').trim() ?? '';
  return text !== '' && !NO_DESCRIPTION.test(text);
}

/**
 * True for an inline formula whose `alt` is its own `alttext` (words to translate), false when the
 * alt is the formula's symbols read from its tokens.
 * @example isFormulaDescription({ n: 1, kind: 'other', empty: true, tag: 'math', attrs: { alttext: 'x squared' }, alt: 'x squared' }) // true
 */
export function isFormulaDescription(tag: InlineTag): boolean {
  const alttext = tag.attrs?.alttext;
  return tag.alt !== undefined && alttext !== undefined && alttext.replace(/\s+/g, ' ').trim() === tag.alt;
}

/**
 * The source inline tags with each formula's `alttext` replaced by the translated block's alt, so the
 * EPUB keeps the formula's markup and says its description in the target language.
 */
export function withTranslatedAlts(source: InlineTag[], translated: InlineTag[]): InlineTag[] {
  const byN = new Map(translated.map((tag) => [tag.n, tag]));
  return source.map((tag) => {
    const alt = byN.get(tag.n)?.alt;
    if (!tag.raw || !isFormulaDescription(tag) || alt === undefined || alt === tag.alt) return tag;
    const end = tag.raw.indexOf('>');
    const start = tag.raw
      .slice(0, end)
      .replace(/(\salttext\s*=\s*)(["'])[\s\S]*?\2/, `$1"${escapeAttr(alt)}"`);
    return { ...tag, raw: start + tag.raw.slice(end), attrs: { ...tag.attrs, alttext: alt } };
  });
}

/** True when a translated block's formulas say something else than the source's. */
export function altsChanged(source: InlineTag[], translated: InlineTag[]): boolean {
  const byN = new Map(source.map((tag) => [tag.n, tag]));
  return translated.some((tag) => tag.alt !== undefined && byN.get(tag.n)?.alt !== tag.alt);
}
