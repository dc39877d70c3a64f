import { countTokens as countO200k } from 'gpt-tokenizer';

/**
 * Counts tokens with OpenAI's o200k_base encoding. Other providers' tokenizers differ, so chunk
 * budgets leave head-room rather than trusting this to the token.
 * @example countTokens('Call me Ishmael.') // 5
 */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : countO200k(text);
}
