import type { TranslationStatus } from '@booktranslate/contract';
import { translationDto } from './translation-dto';
import { translationsRepository as repo } from './translations.repository';
import type { TranslationsDeps } from './translations-deps';

export async function listTranslations(
  deps: TranslationsDeps,
  userId: string,
  query: { page: number; limit: number; status: TranslationStatus | 'all' },
) {
  const { rows, total } = await repo.list(deps.db, userId, query);
  const items = await Promise.all(rows.map((t) => translationDto(deps.db, t)));
  return { items, total, page: query.page, limit: query.limit };
}
