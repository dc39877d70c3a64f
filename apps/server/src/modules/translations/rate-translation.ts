import type { Translation } from '@booktranslate/contract';
import { ownTranslation } from './own-translation';
import { translationDto } from './translation-dto';
import { translationsRepository as repo } from './translations.repository';
import type { TranslationsDeps } from './translations-deps';

export async function rateTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
  body: { rating: number; comment?: string | undefined },
): Promise<Translation> {
  const t = await ownTranslation(deps.db, userId, id);
  const updated = await repo.update(deps.db, t.id, {
    rating: body.rating,
    ratingComment: body.comment ?? null,
  });
  return translationDto(deps.db, updated!);
}
