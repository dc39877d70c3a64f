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

/** What the provider was paid for, as the report's `provider` gives it. */
export interface ProviderUsage {
  lane: 'standard' | 'economy';
  requests: number;
  input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cost_usd: number | null;
  cost_saved_usd: number;
}

/**
 * The provider's figures in words, one line each: the tokens (reasoning apart), the cost when the
 * price is known, and in the economy lane what it saved against the standard price.
 */
export function providerUsageWords(p: ProviderUsage): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  const lines = [
    `${n(p.input_tokens)} tokens sent to the provider and ${n(p.output_tokens)} received` +
      (p.reasoning_tokens > 0 ? `, of which ${n(p.reasoning_tokens)} were the model's reasoning` : '') +
      ` (${n(p.requests)} ${p.requests === 1 ? 'request' : 'requests'})`,
  ];
  if (p.cost_usd !== null) lines.push(`Provider cost: ${usd(p.cost_usd)}`);
  if (p.lane === 'economy')
    lines.push(
      p.cost_saved_usd > 0
        ? `The economy lane saved ${usd(p.cost_saved_usd)} against the standard price`
        : 'The economy lane saved nothing on this translation (its price is not known or it ran at the standard price)',
    );
  return lines;
}

/**
 * US dollars as a user reads them: cents, or two significant digits below a cent.
 * @example usd(0.0712) // '$0.07'
 * @example usd(0.0000361) // '$0.000036'
 */
export function usd(amount: number): string {
  if (amount <= 0 || amount >= 0.01) return `$${amount.toFixed(2)}`;
  const digits = Math.min(12, 1 - Math.floor(Math.log10(amount)));
  return `$${amount.toFixed(digits).replace(/0+$/, '')}`;
}

/** A sentence as a flag shows it: capitalised. */
export function capitalised(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function round(n: number): string {
  return n.toFixed(2).replace(/\.?0+$/, '');
}
