import { BILINGUAL_CSS, bilingualEdit, showsBoth } from './bilingual-xhtml';
import { applyEdits, type SourceEdit, setContent } from './edit-source';
import { dirname } from './epub-paths';
import { languageEdits } from './language-edits';
import { type ContentDoc, type LoadedEpub, loadEpub } from './load-epub';
import { mapToc, relabelMap } from './map-toc';
import { altsChanged, withTranslatedAlts } from './math-alt';
import type { Block, Book } from './model';
import { noticePage } from './notice-page';
import type { WriteOptions } from './options';
import { fixedPageDirection } from './page-direction-fixed';
import { readXml } from './read-epub-package';
import { renderXhtml } from './render-xhtml';
import { repairEdits } from './repair-xhtml';
import { rewritePackage } from './rewrite-epub-package';
import { rewriteNav, rewriteNcx } from './rewrite-epub-toc';
import { writeZip, type ZipInput } from './write-zip';
import { childElements, descendants, escapeText, labelText, localName } from './xml-query';

const encoder = new TextEncoder();
const NOTICE_FILE = 'bt-notice.xhtml';

/**
 * Rewrites the book's source EPUB with only its text changed: translated blocks spliced into the
 * original XHTML, language and direction set, title and TOC labels replaced. Every other entry is
 * copied with its original compressed bytes; `mimetype` comes first, stored.
 * @example rewriteEpub(applyTranslation(book, translations, { targetLanguage: 'es' }), { layout: 'bilingual' })
 */
export function rewriteEpub(book: Book, source: Uint8Array, options: WriteOptions = {}): Uint8Array {
  const loaded = loadEpub(source);
  const { pkg, zip } = loaded;
  const blocks = new Map<string, Block>();
  for (const chapter of book.chapters) for (const block of chapter.blocks) blocks.set(block.id, block);
  const language = book.metadata.language;
  const chapterOf = new Map(loaded.docs.map((d) => [d.item.path, d.chapterId]));
  const labels = relabelMap(mapToc(loaded.toc, chapterOf), book.toc);
  // The navigation's other words come back translated in the order they were read.
  if (book.navLabels?.length === loaded.navWords.length)
    loaded.navWords.forEach((text, i) => {
      const translated = book.navLabels?.[i];
      if (translated !== undefined && translated !== text && !labels.has(text)) labels.set(text, translated);
    });
  const changed = new Map<string, string>();
  for (const doc of loaded.docs) {
    const text = rewriteDocument(doc, blocks, loaded, book, options, labels);
    if (text !== doc.doc.source) changed.set(doc.item.path, text);
  }
  const title = book.metadata.title !== pkg.metadata.title ? book.metadata.title : undefined;
  const tocChanges = {
    labels,
    language: language !== pkg.metadata.language ? language : null,
    version: pkg.version,
    ...(title && { title }),
  };
  // Documents that come out identical keep their stored bytes: an identity rewrite changes nothing.
  const setIfChanged = (path: string, before: string, after: string) => {
    if (after !== before) changed.set(path, after);
  };
  for (const [item, rewrite] of [
    [pkg.nav, rewriteNav],
    [pkg.ncx, rewriteNcx],
  ] as const) {
    if (!item || !zip.get(item.path)) continue;
    const doc = readXml(zip, item.path);
    setIfChanged(item.path, doc.source, rewrite(doc, tocChanges));
  }
  const notice = options.notice?.trim();
  const noticePath = `${dirname(pkg.opfPath)}${NOTICE_FILE}`;
  setIfChanged(
    pkg.opfPath,
    pkg.opf.source,
    rewritePackage(pkg, {
      book,
      keepDirection: fixedPageDirection(loaded) !== null,
      ...documentLanguageOf(loaded),
      ...(notice && { noticeHref: NOTICE_FILE }),
    }),
  );
  const entries: ZipInput[] = [
    { name: 'mimetype', data: encoder.encode('application/epub+zip'), store: true },
  ];
  for (const entry of zip.entries) {
    if (entry.name === 'mimetype' || entry.name.endsWith('/')) continue;
    const text = changed.get(entry.name);
    if (text === undefined) entries.push({ name: entry.name, copy: entry, raw: zip.raw(entry) });
    // Encoded when the zip writer reaches it: one document's bytes at a time, not the whole book's.
    else entries.push({ name: entry.name, data: () => encoder.encode(declareUtf8(text)) });
  }
  if (notice)
    entries.push({ name: noticePath, data: encoder.encode(noticePage(notice, language, pkg.version)) });
  return writeZip(entries);
}

function rewriteDocument(
  doc: ContentDoc,
  blocks: Map<string, Block>,
  loaded: LoadedEpub,
  book: Book,
  options: WriteOptions,
  labels: Map<string, string>,
): string {
  const { pkg } = loaded;
  // Only XHTML has room for a second version of a block; SVG pages and DTBook get the translation.
  const layout = localName(doc.doc.root.name) === 'html' ? (options.layout ?? 'translated') : 'translated';
  const edits: SourceEdit[] = [];
  const language = book.metadata.language;
  let bilingual = false;
  for (const span of doc.spans) {
    const block = blocks.get(span.block.id);
    if (!block) continue;
    // SVG text has no room for a second version: it is replaced in place.
    if (layout !== 'translated' && block.origin !== 'svg' && showsBoth(block.text, block.original)) {
      bilingual = true;
      edits.push(
        bilingualEdit(span, block.text, block.original, {
          layout,
          sourceLanguage: pkg.metadata.language,
          targetLanguage: language,
          version: pkg.version,
        }),
      );
    } else if (block.text !== span.sourceText || altsChanged(span.block.inlines, block.inlines)) {
      edits.push({
        start: span.start,
        end: span.end,
        text: renderXhtml(block.text, withTranslatedAlts(span.block.inlines, block.inlines)),
      });
    }
  }
  // Safe repairs of invalid markup; one inside a rewritten block loses to it (its writer repairs images).
  if (localName(doc.doc.root.name) === 'html') edits.push(...repairEdits(doc.doc.root));
  if (language && language !== pkg.metadata.language)
    edits.push(...languageEdits(doc.doc.root, language, pkg.version));
  const head = childElements(doc.doc.root, 'head')[0];
  // The document title usually repeats a TOC label: translate it along with the label.
  const title = head && descendants(head, 'title')[0];
  const newTitle = title && labels.get(labelText(title));
  if (title && newTitle !== undefined && title.closeStart > title.openEnd)
    edits.push(setContent(title, escapeText(newTitle)));
  if (bilingual && head)
    edits.push({
      start: head.closeStart,
      end: head.closeStart,
      text: `<style type="text/css">${BILINGUAL_CSS}</style>`,
    });
  return applyEdits(doc.doc.source, edits);
}

// Rewritten files are always UTF-8; a UTF-16 (or legacy-encoded) source's declaration must say so.
function declareUtf8(text: string): string {
  const end = text.startsWith('<?xml') ? text.indexOf('?>') : -1;
  if (end < 0) return text;
  const declaration = text.slice(0, end).replace(/encoding\s*=\s*["'][^"']*["']/i, 'encoding="UTF-8"');
  return declaration + text.slice(end);
}

// The language the first content document declares, for a package that declares none.
function documentLanguageOf({ docs }: LoadedEpub): { documentLanguage?: string } {
  const root = docs[0]?.doc.root;
  const language = root?.attrs['xml:lang'] ?? root?.attrs.lang;
  return language ? { documentLanguage: language } : {};
}
