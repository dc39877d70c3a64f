/**
 * Whether the word at `at` opens a sentence, a line or a line of dialogue, where a capital says
 * nothing about a name: after . ! ? … : ; (quotes and brackets between), after a dash, at a line
 * break or at the start of the text. Looks back a bounded 40 characters.
 * @example startsSentence('«Что?» Нет, он ушёл.', 7) // true
 */
export function startsSentence(text: string, at: number): boolean {
  const window = text.slice(Math.max(0, at - 40), at);
  const gap = /[\s"“”„‘’'«»‹›()[\]*_¿¡—–-]*$/u.exec(window)?.[0] ?? '';
  if (gap.length === window.length) return true;
  if (/[—–\n]|(?:^|\s)-/u.test(gap)) return true;
  const before = window.slice(0, window.length - gap.length);
  if (!/[.!?…:;]$/u.test(before)) return false;
  // "Mrs. Hudson", "J. Smith", "А. С. Пушкин": a title or an initial ends with a point, not a sentence.
  const word = /(?<![\p{L}.])(\p{L}+)\.$/u.exec(before)?.[1];
  return !(word && (/^\p{Lu}$/u.test(word) || ABBREVIATIONS.has(word.toLocaleLowerCase())));
}

const ABBREVIATIONS = new Set(
  'mr mrs ms dr st prof capt col gen lt sgt rev mme mlle sr sra hr fr nr г гг проф ген кап им пан'.split(' '),
);

/** The sentence around `at`, cut to whole words within 60 characters either side, for the model's context. */
export function sentenceAround(text: string, at: number): string {
  // Enough words either side to tell a person from a place, and no more: every term pays for it.
  const reach = 60;
  let start = Math.max(text.lastIndexOf('. ', at) + 2, 0);
  if (start < at - reach) {
    const space = text.indexOf(' ', at - reach);
    start = space >= 0 && space < at ? space + 1 : at - reach;
  }
  const stop = text.indexOf('. ', at);
  let end = stop < 0 ? text.length : stop + 1;
  if (end > at + reach) {
    const space = text.lastIndexOf(' ', at + reach);
    end = space > at ? space : at + reach;
  }
  return text.slice(start, end).trim();
}
