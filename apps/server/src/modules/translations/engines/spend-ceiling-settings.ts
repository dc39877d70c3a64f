/** The settings behind a translation's ceiling (TRANSLATION_SPEND_*). */
export interface SpendCeilingSettings {
  baseRequests: number;
  requestsPer1000Words: number;
  tokensPerWord: number;
}

export const defaultSpendCeiling: SpendCeilingSettings = {
  baseRequests: 100,
  requestsPer1000Words: 40,
  tokensPerWord: 24,
};

/** Tokens every translation may use whatever its size: the brief, titles and their prompts. */
const BASE_TOKENS = 200_000;

/**
 * The most one translation may ask of a paid provider, counting every request (failed and retried
 * ones too) and every token, from the words its credit covers.
 * @example ceilingFor(100_000, defaultSpendCeiling) // { requests: 4100, tokens: 2_600_000 }
 */
export function ceilingFor(words: number, settings: SpendCeilingSettings) {
  return {
    requests: settings.baseRequests + Math.ceil((words / 1000) * settings.requestsPer1000Words),
    tokens: BASE_TOKENS + words * settings.tokensPerWord,
  };
}
