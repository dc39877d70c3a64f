import type { ModelPrice } from './usage';

/**
 * List prices (US dollars per million tokens) of the default models, as published in 2026 (gpt-4.1-mini and gpt-4o-mini until their shutdown on 14 January 2027); a
 * caller's `price` overrides them, and a model missing here reports no cost rather than a guess.
 */
const PRICES: Record<string, ModelPrice> = {
  'gpt-6-luna': { inputPerMillion: 0.1, outputPerMillion: 0.5 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'claude-sonnet-5-5': { inputPerMillion: 2, outputPerMillion: 10 },
  'claude-sonnet-4-5': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-haiku-4-5': { inputPerMillion: 1, outputPerMillion: 5 },
  'gemini-3.5-flash': { inputPerMillion: 1.5, outputPerMillion: 9 },
  'gemini-2.5-flash': { inputPerMillion: 0.3, outputPerMillion: 2.5 },
  'gemini-2.5-pro': { inputPerMillion: 1.25, outputPerMillion: 10 },
};

/** @example knownPrice('gpt-4.1-mini') // { inputPerMillion: 0.4, outputPerMillion: 1.6 } */
export function knownPrice(model: string): ModelPrice | undefined {
  return PRICES[model];
}
