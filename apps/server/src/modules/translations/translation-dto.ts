import type { Translation } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import type { TranslationRow } from '../../db/schema/translations';
import { AppError } from '../../errors';
import { booksRepository } from '../books/books.repository';
import { toTranslationDto } from './library/to-translation-dto';

/** The translation as the API shows it, its book read for the title and the original's name. */
export async function translationDto(db: Database, t: TranslationRow): Promise<Translation> {
  const book = await booksRepository.findById(db, t.bookId);
  if (!book) throw new AppError('NOT_FOUND', 'Translation not found');
  return toTranslationDto(t, book);
}
