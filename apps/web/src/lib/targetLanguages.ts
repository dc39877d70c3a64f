import { LANGUAGES, type Language } from '@booktranslate/contract/languages';

/** Languages a book can still be translated into: not its original, not one already done or under way. */
export function availableTargetLanguages(
  originalLanguage: string | null | undefined,
  translatedLanguages: readonly string[],
): Language[] {
  const taken = new Set(
    [originalLanguage, ...translatedLanguages].filter(Boolean).map((c) => String(c).toLowerCase()),
  );
  return LANGUAGES.filter((l) => !taken.has(l.code));
}
