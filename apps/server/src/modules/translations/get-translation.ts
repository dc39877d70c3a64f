import type { Translation } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { toTranslationDto } from './library/to-translation-dto';
import { translationsRepository as repo } from './translations.repository';
import type { TranslationsDeps } from './translations-deps';

export async function getTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
): Promise<Translation> {
  const found = await repo.findShownForUser(deps.db, userId, id);
  if (!found) throw new AppError('NOT_FOUND', 'Translation not found');
  return toTranslationDto(found.translation, found.book);
}
