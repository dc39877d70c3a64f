import { stripPlaceholders } from '../placeholder-tags';

/** The script each language not written in Latin letters is written in, by its base code. */
const SCRIPTS: Record<string, { name: string; letters: RegExp }> = {};
const add = (codes: string, name: string, letters: RegExp) => {
  for (const code of codes.split(' ')) SCRIPTS[code] = { name, letters };
};
add('ar fa ur ps ckb ug sd', 'Arabic', /\p{Script=Arabic}/u);
add('he yi', 'Hebrew', /\p{Script=Hebrew}/u);
add('ru uk bg be mk kk ky tg mn sr', 'Cyrillic', /\p{Script=Cyrillic}/u);
add('el', 'Greek', /\p{Script=Greek}/u);
add('zh', 'Chinese', /\p{Script=Han}/u);
add('ja', 'Japanese', /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u);
add('ko', 'Korean', /\p{Script=Hangul}/u);
add('hi mr ne sa', 'Devanagari', /\p{Script=Devanagari}/u);
add('bn as', 'Bengali', /\p{Script=Bengali}/u);
add('pa', 'Gurmukhi', /\p{Script=Gurmukhi}/u);
add('gu', 'Gujarati', /\p{Script=Gujarati}/u);
add('ta', 'Tamil', /\p{Script=Tamil}/u);
add('te', 'Telugu', /\p{Script=Telugu}/u);
add('kn', 'Kannada', /\p{Script=Kannada}/u);
add('ml', 'Malayalam', /\p{Script=Malayalam}/u);
add('si', 'Sinhala', /\p{Script=Sinhala}/u);
add('th', 'Thai', /\p{Script=Thai}/u);
add('lo', 'Lao', /\p{Script=Lao}/u);
add('km', 'Khmer', /\p{Script=Khmer}/u);
add('my', 'Myanmar', /\p{Script=Myanmar}/u);
add('ka', 'Georgian', /\p{Script=Georgian}/u);
add('hy', 'Armenian', /\p{Script=Armenian}/u);
add('am ti', 'Ethiopic', /\p{Script=Ethiopic}/u);

/** Blocks with fewer letters than this are not judged: a name or a number may rightly stay as it is. */
const MIN_LETTERS = 12;

/**
 * The name of the target language's script when a translated block of some length has not one
 * character of it (an Arabic translation in Latin letters), else null; null for languages written
 * in Latin letters or unknown here.
 * @example missingScript('ar', 'The sea was calm that night.') // 'Arabic'
 */
export function missingScript(to: string, target: string): string | null {
  const script = SCRIPTS[to.split(/[-_]/)[0]?.toLowerCase() ?? ''];
  if (!script) return null;
  const text = stripPlaceholders(target);
  if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return null;
  return script.letters.test(text) ? null : script.name;
}
