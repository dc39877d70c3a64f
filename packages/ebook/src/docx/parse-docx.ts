import { EbookError, isEbookError } from '../errors';
import type { Book, Resource } from '../model';
import type { ReadOptions } from '../options';
import { plainText } from '../placeholders';
import { readableText } from '../readable-text';
import { type DocxPackage, mediaTypeOf, openDocxPackage } from './docx-package';
import { readPart } from './docx-xml';
import { readDocxMetadata } from './read-docx-metadata';
import { readDocxStructure } from './read-docx-structure';

/**
 * Reads a Word document (DOCX, also DOCM and DOTX) into the Book model: chapters split at its top
 * headings, lists, tables cell by cell, footnotes and endnotes as notes, links, images and run
 * formatting as inlines; tracked deletions and field instructions are left out. The bytes are kept
 * as `source`, so writeDocx can put a translation back into the same document.
 * @example const book = await parseDocx(bytes, { filename: 'essay.docx' }); book.toc[0].title
 */
export async function parseDocx(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  try {
    return read(bytes, options);
  } catch (error) {
    if (isEbookError(error)) throw error;
    // A stack overflow or a type error on a damaged part still reaches the user as a clear refusal.
    throw new EbookError('corrupt', 'The document is damaged and cannot be read', { cause: String(error) });
  }
}

function read(bytes: Uint8Array, options: ReadOptions): Book {
  const pkg = openDocxPackage(bytes, options.limits);
  const structure = readDocxStructure(pkg);
  const { chapters, toc } = structure;
  const hasText = chapters.some((c) => c.blocks.some((b) => /[\p{L}\p{N}]/u.test(plainText(b.text))));
  if (!options.emptyOk && !hasText)
    throw new EbookError(
      'no-text',
      chapters.length > 0
        ? 'The document has only images, no text to translate'
        : 'The document has no text to translate',
    );
  const titleSource = [...structure.sources.values()].find((s) => s.kind === 'heading' && s.level === 0);
  const titleBlock = titleSource
    ? readableText(titleSource.walked.built.text, titleSource.walked.built.inlines)
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
  const metadata = readDocxMetadata(
    readPart(pkg.zip, corePath(pkg)),
    chapters,
    structure.styles.defaultLanguage,
    titleBlock || undefined,
    options.filename,
  );
  return {
    format: 'docx',
    metadata,
    chapters,
    toc,
    resources: structure.images.map((path) => lazyResource(pkg, path)),
    source: bytes,
  };
}

/** The core properties part named by the package relationships, else where every tool puts it. */
export function corePath(pkg: DocxPackage): string {
  return pkg.packageRels.find((rel) => rel.type === 'core-properties')?.target ?? 'docProps/core.xml';
}

// Images are inflated only when a writer asks: the DOCX writer copies them untouched.
function lazyResource(pkg: DocxPackage, path: string): Resource {
  let data: Uint8Array | undefined;
  return {
    href: path,
    mediaType: mediaTypeOf(pkg, path),
    get data() {
      const entry = pkg.zip.get(path);
      data ??= entry ? pkg.zip.read(entry) : new Uint8Array();
      return data;
    },
  };
}
