import { LANGUAGES, type Language, sameLanguage } from '@booktranslate/contract/languages';

/**
 * Languages a book can still be translated into: not its own (by base language, so an en-GB book
 * is not offered English), not one already done or under way.
 */
export function availableTargetLanguages(
  originalLanguage: string | null | undefined,
  translatedLanguages: readonly string[],
): Language[] {
  const taken = new Set(translatedLanguages.map((c) => c.toLowerCase()));
  return LANGUAGES.filter((l) => !taken.has(l.code) && !sameLanguage(originalLanguage, l.code));
}
