/**
 * The 47 target languages the product offers, shared by the server (validation) and the web app
 * (selects). Tier 'perfect' languages are fully supported; tier 'good' ones are shown with '(beta)'.
 *
 * @example
 * findLanguage('pt-br')?.name // 'Portuguese (Brazil)'
 * languageLabel('uk')        // 'Ukrainian (beta)'
 */
export type LanguageQuality = 'perfect' | 'good';

export interface Language {
  code: string;
  name: string;
  nativeName: string;
  flag: string;
  quality: LanguageQuality;
}

const perfect = (code: string, name: string, nativeName: string, flag: string): Language => ({
  code,
  name,
  nativeName,
  flag,
  quality: 'perfect',
});
const good = (code: string, name: string, nativeName: string, flag: string): Language => ({
  code,
  name,
  nativeName,
  flag,
  quality: 'good',
});

export const LANGUAGES: readonly Language[] = Object.freeze([
  perfect('en', 'English', 'English', '🇬🇧'),
  perfect('es', 'Spanish', 'Español', '🇪🇸'),
  perfect('fr', 'French', 'Français', '🇫🇷'),
  perfect('de', 'German', 'Deutsch', '🇩🇪'),
  perfect('it', 'Italian', 'Italiano', '🇮🇹'),
  perfect('pt', 'Portuguese', 'Português', '🇵🇹'),
  perfect('nl', 'Dutch', 'Nederlands', '🇳🇱'),
  perfect('el', 'Greek', 'Ελληνικά', '🇬🇷'),
  perfect('pl', 'Polish', 'Polski', '🇵🇱'),
  perfect('cs', 'Czech', 'Čeština', '🇨🇿'),
  perfect('ru', 'Russian', 'Русский', '🇷🇺'),
  perfect('sv', 'Swedish', 'Svenska', '🇸🇪'),
  perfect('da', 'Danish', 'Dansk', '🇩🇰'),
  perfect('fi', 'Finnish', 'Suomi', '🇫🇮'),
  perfect('no', 'Norwegian', 'Norsk', '🇳🇴'),
  perfect('hu', 'Hungarian', 'Magyar', '🇭🇺'),
  perfect('zh-cn', 'Chinese (Simplified)', '简体中文', '🇨🇳'),
  perfect('zh-tw', 'Chinese (Traditional)', '繁體中文', '🇹🇼'),
  perfect('ja', 'Japanese', '日本語', '🇯🇵'),
  perfect('ko', 'Korean', '한국어', '🇰🇷'),
  perfect('hi', 'Hindi', 'हिन्दी', '🇮🇳'),
  perfect('vi', 'Vietnamese', 'Tiếng Việt', '🇻🇳'),
  perfect('th', 'Thai', 'ไทย', '🇹🇭'),
  perfect('ms', 'Malay', 'Bahasa Melayu', '🇲🇾'),
  perfect('id', 'Indonesian', 'Bahasa Indonesia', '🇮🇩'),
  perfect('ar', 'Arabic', 'العربية', '🇸🇦'),
  perfect('tr', 'Turkish', 'Türkçe', '🇹🇷'),
  perfect('he', 'Hebrew', 'עברית', '🇮🇱'),
  perfect('fa', 'Persian', 'فارسی', '🇮🇷'),
  perfect('sw', 'Swahili', 'Kiswahili', '🇰🇪'),
  perfect('af', 'Afrikaans', 'Afrikaans', '🇿🇦'),
  perfect('bn', 'Bengali', 'বাংলা', '🇧🇩'),
  perfect('ur', 'Urdu', 'اردو', '🇵🇰'),
  perfect('te', 'Telugu', 'తెలుగు', '🇮🇳'),
  perfect('ta', 'Tamil', 'தமிழ்', '🇮🇳'),
  perfect('ml', 'Malayalam', 'മലയാളം', '🇮🇳'),
  good('uk', 'Ukrainian', 'Українська', '🇺🇦'),
  good('be', 'Belarusian', 'Беларуская', '🇧🇾'),
  good('bg', 'Bulgarian', 'Български', '🇧🇬'),
  good('ro', 'Romanian', 'Română', '🇷🇴'),
  good('sr', 'Serbian', 'Српски', '🇷🇸'),
  good('hr', 'Croatian', 'Hrvatski', '🇭🇷'),
  good('sk', 'Slovak', 'Slovenčina', '🇸🇰'),
  good('pt-br', 'Portuguese (Brazil)', 'Português (Brasil)', '🇧🇷'),
  good('es-ar', 'Spanish (Argentina)', 'Español (Argentina)', '🇦🇷'),
  good('km', 'Khmer', 'ខ្មែរ', '🇰🇭'),
  good('lo', 'Lao', 'ລາວ', '🇱🇦'),
]);

/** Every language code, in display order; handy for `z.enum(LANGUAGE_CODES)`. */
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [string, ...string[]];

/** Languages are matched case-insensitively ('zh-CN' finds 'zh-cn'). */
export function findLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const wanted = code.toLowerCase();
  return LANGUAGES.find((l) => l.code === wanted);
}

/** The display label: the English name, with ' (beta)' for the 'good' tier; unknown codes as given. */
export function languageLabel(code: string | null | undefined): string {
  const lang = findLanguage(code);
  if (!lang) return code ?? '';
  return lang.quality === 'good' ? `${lang.name} (beta)` : lang.name;
}

/** The language without its region or script: 'en-GB' -> 'en'. */
export function baseLanguage(code: string): string {
  return code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * Whether a translation from `a` into `b` would stay in the same language: the base languages match
 * and at most one of them names a variant ('en-gb' ~ 'en', 'es' ~ 'es-ar'); two different variants
 * ('zh-cn' and 'zh-tw', 'pt-pt' and 'pt-br') are different targets.
 * @example sameLanguage('en-GB', 'en') // true
 */
export function sameLanguage(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const [x, y] = [a.trim().toLowerCase().replace('_', '-'), b.trim().toLowerCase().replace('_', '-')];
  if (baseLanguage(x) !== baseLanguage(y)) return false;
  return !x.includes('-') || !y.includes('-') || x === y;
}
