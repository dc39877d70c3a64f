// The QA report's findings in words, one sentence per finding for the reader's flags (the server's
// passages module) and the report in the translation dialog (the web). No zod here
// (`@booktranslate/contract/qa-finding-words`). Each sentence starts in lower case: the flag
// capitalises it, the report puts the passage before it.

/** Why a block counts as untranslated. */
export const untranslatedWords = {
  identical: 'left as the source',
  source_language: 'still in the source language',
  missing: 'not translated',
} as const;

/** One sentence per kind of finding, from the finding's own fields (the report's, or the engine's QaReport). */
export const qaFindingWords = {
  untranslated: (u: { reason: string }): string =>
    untranslatedWords[u.reason as keyof typeof untranslatedWords] ?? untranslatedWords.missing,
  glossary: (v: { term: string; expected: string; found?: string | null | undefined }): string =>
    `“${v.term}” should be “${v.expected}”${v.found ? `, found “${v.found}”` : ''}`,
  length: (o: { ratio: number; usual: number }): string =>
    `${o.ratio < o.usual ? 'much shorter' : 'much longer'} than the original, for this book (×${round(o.ratio)} against ×${round(o.usual)} usually)`,
  chatter: (c: { found: string }): string => `has text the original lacks: “${c.found}”`,
  reported: (r: { message: string }): string => `the engine failed on it at first: ${r.message}`,
  repaired: (r: { problem: string; repair: string }): string =>
    `a reply was rejected (${r.problem}); ${r.repair}`,
  sourceWords: (s: { words: string[] }): string =>
    `words left in the source language: ${s.words.map((w) => `“${w}”`).join(', ')}`,
  script: (m: { script: string }): string => `no ${m.script} letters in the translation`,
};

/** What a check that could not run leaves unjudged, for "Every check passed" not to be said. */
export const uncheckedWords = {
  source_language: 'whether a passage is still in the source language',
  source_words: 'words left in the source language',
} as const;

/** A sentence as a flag shows it: capitalised. */
export function capitalised(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function round(n: number): string {
  return n.toFixed(2).replace(/\.?0+$/, '');
}
