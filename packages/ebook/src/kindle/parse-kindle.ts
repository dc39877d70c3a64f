import { EbookError, isEbookError } from '../errors';
import type { Book, BookFormat } from '../model';
import type { ReadOptions } from '../options';
import { plainText } from '../placeholders';
import { exthNumber } from './exth';
import { kindleChapters } from './kindle-chapters';
import { KindleImages } from './kindle-images';
import { kindleMetadata } from './kindle-metadata';
import { type MobiHeader, NULL_INDEX, readMobiHeader } from './mobi-header';
import { type PalmDb, readPalmDb } from './palm-db';
import { type KindleContent, readKf8 } from './read-kf8';
import { readMobi6 } from './read-mobi6';
import { refuseKfx } from './refuse-kfx';

/**
 * Reads a Kindle book (AZW3/KF8, MOBI 6, or a joint MOBI holding both, where the KF8 part is read)
 * into the Book model: metadata from the EXTH records, chapters of blocks, TOC, images and cover.
 * KFX, Topaz and DRM-protected files are refused with a sentence saying what to use instead.
 * @example const book = await parseKindle(bytes, { filename: 'esther.azw3' }); book.format // 'azw3'
 */
export async function parseKindle(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  refuseKfx(bytes);
  try {
    return readKindle(bytes, options);
  } catch (error) {
    // Whatever a damaged file trips over, the caller gets a typed error, never a RangeError.
    if (isEbookError(error)) throw error;
    throw new EbookError('corrupt', 'The Kindle file is damaged and cannot be read', {
      cause: String(error),
    });
  }
}

function readKindle(bytes: Uint8Array, options: ReadOptions): Book {
  const db = readPalmDb(bytes);
  if (db.typeCreator !== 'BOOKMOBI')
    throw new EbookError(
      'unsupported',
      'This Palm file is not a Kindle (MOBI) book; use a MOBI, AZW3 or EPUB file',
    );
  const header = readMobiHeader(db.record(0));
  const kf8 = kf8Part(db, header);
  // In a joint file the images sit before the KF8 part's boundary record; the cover counts from the first.
  const end = kf8 && kf8.start > 0 ? kf8.start - 1 : db.count;
  const newImages = () =>
    new KindleImages(db, header.firstResource === NULL_INDEX ? db.count : header.firstResource, end);
  let images = newImages();
  let content: KindleContent;
  try {
    content = kf8 ? readKf8(db, kf8.header, kf8.start, images) : readMobi6(db, header, images);
  } catch (error) {
    // A joint file whose KF8 part is damaged still has its MOBI 6 text, as older Kindles read it.
    if (!kf8 || kf8.start === 0 || !isEbookError(error) || error.code !== 'corrupt') throw error;
    images = newImages();
    content = readMobi6(db, header, images);
  }
  const { chapters, toc } = kindleChapters(content.docs, content.toc);
  if (
    !options.emptyOk &&
    !chapters.some((chapter) => chapter.blocks.some((block) => /[\p{L}\p{N}]/u.test(plainText(block.text))))
  )
    throw new EbookError(
      'no-text',
      chapters.length > 0
        ? 'The book has only images, no text to translate'
        : 'The book has no text to translate',
    );
  const coverOffset = exthNumber(header.exth, 201) ?? (kf8 && exthNumber(kf8.header.exth, 201));
  const cover = coverOffset === undefined ? undefined : images.get(coverOffset + 1);
  return {
    format: formatOf(header, options.filename),
    metadata: kindleMetadata(kf8?.header.exth.size ? kf8.header : header, options.filename),
    ...(cover && { cover }),
    chapters,
    toc,
    resources: [...images.used, ...content.resources],
  };
}

// The KF8 part: the whole file (version 8), or the part after the boundary EXTH 121 names.
function kf8Part(db: PalmDb, header: MobiHeader): { header: MobiHeader; start: number } | undefined {
  if (header.version >= 8) return { header, start: 0 };
  const boundary = exthNumber(header.exth, 121);
  if (boundary === undefined || boundary === NULL_INDEX || boundary <= 0 || boundary >= db.count)
    return undefined;
  const kf8 = readMobiHeader(db.record(boundary));
  return kf8.version >= 8 ? { header: kf8, start: boundary } : undefined;
}

// What the owner calls it: the name's extension, else AZW3 for a KF8-only file.
function formatOf(header: MobiHeader, filename?: string): BookFormat {
  const name = filename?.toLowerCase() ?? '';
  if (/\.azw3?$/.test(name)) return 'azw3';
  if (/\.(mobi|prc)$/.test(name)) return 'mobi';
  return header.version >= 8 ? 'azw3' : 'mobi';
}
