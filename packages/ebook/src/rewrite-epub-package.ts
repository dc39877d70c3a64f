import { applyEdits, type SourceEdit, setAttributes, setContent } from './edit-source';
import type { Book } from './model';
import type { EpubPackage } from './read-epub-package';
import { isRtl } from './text-direction';
import { descendants, escapeAttr, escapeText, localName } from './xml-query';

export interface PackageChanges {
  book: Book;
  /** Manifest href (relative to the OPF) of a notice page to put first in the spine. */
  noticeHref?: string;
  /** True when the source's page-progression-direction must stay (fixed layout, vertical writing). */
  keepDirection?: boolean;
  /** The language the content documents declare, for a package that declares none. */
  documentLanguage?: string;
}

/**
 * The OPF with the target language, translated title, reading direction and an optional notice page;
 * the rest of the file is kept as it was.
 * @example rewritePackage(pkg, { book, noticeHref: 'bt-notice.xhtml' })
 */
export function rewritePackage(
  pkg: EpubPackage,
  { book, noticeHref, keepDirection, documentLanguage }: PackageChanges,
): string {
  const root = pkg.opf.root;
  const edits: SourceEdit[] = [];
  const metadata = descendants(root, 'metadata')[0];
  const language = book.metadata.language;
  const title = descendants(root, 'title')[0];
  if (title && book.metadata.title && book.metadata.title !== pkg.metadata.title) {
    edits.push(setContent(title, escapeText(book.metadata.title)));
    // A translated title is in the target language, whatever the source title declared.
    if (language && 'xml:lang' in title.attrs) pushIf(edits, setAttributes(title, { 'xml:lang': language }));
  }
  // A package without dc:language is invalid: it gets the language of its documents, else "und".
  const stated = language ?? (descendants(root, 'language')[0] ? null : (documentLanguage ?? 'und'));
  if (stated && stated !== pkg.metadata.language) {
    const existing = descendants(root, 'language')[0];
    if (existing) edits.push(setContent(existing, escapeText(stated)));
    else if (metadata) {
      const prefix = title?.name.includes(':') ? `${title.name.split(':')[0]}:` : 'dc:';
      edits.push({
        start: metadata.closeStart,
        end: metadata.closeStart,
        text: `<${prefix}language>${escapeText(stated)}</${prefix}language>`,
      });
    }
    if (language && 'xml:lang' in root.attrs) pushIf(edits, setAttributes(root, { 'xml:lang': language }));
  }
  const spine = descendants(root, 'spine')[0];
  if (spine) {
    const direction = 'page-progression-direction';
    const stated = spine.attrs[direction];
    const followsLanguage = stated === undefined || directionOfLanguage(pkg.metadata.language, stated);
    if (pkg.version === 3 && !keepDirection && followsLanguage && (isRtl(language) || stated !== undefined))
      pushIf(edits, setAttributes(spine, { [direction]: isRtl(language) ? 'rtl' : 'ltr' }));
    if (noticeHref) {
      const prefix = spine.name.includes(':') ? `${spine.name.split(':')[0]}:` : '';
      edits.push({ start: spine.openEnd, end: spine.openEnd, text: `<${prefix}itemref idref="bt-notice"/>` });
    }
  }
  const manifest = descendants(root, 'manifest')[0];
  if (manifest && noticeHref) {
    const prefix = localName(manifest.name) !== manifest.name ? `${manifest.name.split(':')[0]}:` : '';
    const item = `<${prefix}item id="bt-notice" href="${escapeAttr(noticeHref)}" media-type="application/xhtml+xml"/>`;
    edits.push({ start: manifest.closeStart, end: manifest.closeStart, text: item });
  }
  return applyEdits(pkg.opf.source, edits);
}

// Page progressions a language explains: right to left for RTL scripts and for Chinese, Japanese
// and Korean (their traditional page order), left to right for the others. A direction the source's
// language does not explain (an English book turning from the right) is the book's design, kept.
function directionOfLanguage(language: string | null, stated: string): boolean {
  if (stated === 'default') return true;
  const rtlLanguage = isRtl(language) || /^(zh|ja|ko)\b/i.test(language ?? '');
  return stated === 'rtl' ? rtlLanguage : !isRtl(language);
}

function pushIf(edits: SourceEdit[], edit: SourceEdit | null): void {
  if (edit) edits.push(edit);
}
