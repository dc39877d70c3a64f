// A placeholder (exactly the forms packages/ebook emits) or a word: a run of Unicode letters and digits.
const TOKEN = /<g\d{1,6}>|<\/g\d{1,6}>|<x\d{1,6}\/>|[\p{L}\p{N}]+/gu;

function reverseRun(run: string): string {
  if (run.length === 1) return run;
  // By code point, so characters outside the BMP (emoji are not words, but CJK extension B is) survive.
  return Array.from(run).reverse().join('');
}

/**
 * The fake model's "translation": every word has its characters reversed (by code point); spaces,
 * punctuation and placeholders (`<g1>`, `</g1>`, `<x2/>`) are left as they are. Applying it twice gives
 * the original text back, which is how tests check a translated book against its source.
 * @example reverseWords('<g1>Hello</g1>, world<x2/>!') // '<g1>olleH</g1>, dlrow<x2/>!'
 */
export function reverseWords(text: string): string {
  return text.replace(TOKEN, (match) => (match.charCodeAt(0) === 60 /* < */ ? match : reverseRun(match)));
}
