import { withinWordLimit } from '@booktranslate/translator';
import type { TranslationRow } from '../../db/schema/translations';
import { AppError } from '../../errors';
import { loadOriginal } from '../books/load-original';
import { translationsRepository as translations } from '../translations';
import type { PassagesDeps } from './passages-deps';
import { READER_IMAGE_BYTES, type ReaderBlock, type ReaderBook } from './reader-book';

export interface Reader {
  t: TranslationRow;
  book: ReaderBook;
  /** Blocks the translation covers (all, or a Free credit's first words). */
  covered: Set<string>;
}

/**
 * The owner's completed translation with its book as the reader needs it (404 for anyone else's
 * id, 409 before completion). The original is parsed in the book sandbox on first use and kept.
 */
export async function openReader(deps: PassagesDeps, userId: string, id: string): Promise<Reader> {
  const found = await translations.findForUserWithBook(deps.db, userId, id);
  if (!found) throw new AppError('NOT_FOUND', 'Translation not found');
  const { translation: t, book: row } = found;
  ensureCompleted(t.status);
  const book = await deps.books.get(row.id, () =>
    loadOriginal(deps, row, { as: 'book', imageBytes: READER_IMAGE_BYTES }),
  );
  const covered = new Set(withinWordLimit(book.blocks, t.wordLimit).map((b) => b.id));
  return { t, book, covered };
}

export function ensureCompleted(status: string): void {
  if (status === 'completed') return;
  throw new AppError(
    'CONFLICT',
    `The translation is ${status}: passages can be read and edited once it is completed`,
    { reason: 'not-completed', status },
  );
}

/** The block of a passage id, or 404. */
export function blockOf(reader: Reader, blockId: string): ReaderBlock {
  const block = reader.book.byId.get(blockId);
  if (!block) throw new AppError('NOT_FOUND', `This book has no passage ${blockId}`);
  return block;
}

/** 409 for a passage the translation does not cover (past a Free credit's first words). */
export function ensureCovered(reader: Reader, block: ReaderBlock): void {
  if (reader.covered.has(block.id)) return;
  throw new AppError(
    'CONFLICT',
    'This passage is past the part of the book this translation covers (a Free credit translates the first words only); translate the whole book to edit it',
    { reason: 'not-covered', block_id: block.id },
  );
}
