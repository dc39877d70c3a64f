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

/**
 * The options split for the target-language choice: the user's preferred languages from Settings
 * first, in the order chosen there (only those still on offer), then every other option.
 */
export function preferredFirst(
  options: readonly Language[],
  preferred: readonly string[] = [],
): { preferred: Language[]; others: Language[] } {
  const wanted = preferred.map((c) => c.toLowerCase());
  const first = wanted.flatMap((code) => options.filter((l) => l.code === code));
  return { preferred: first, others: options.filter((l) => !first.includes(l)) };
}
