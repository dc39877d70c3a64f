import type { LlmEngineOptions } from '../llm-engine';
import type { ModelPrice } from '../usage';

/** What every hosted-LLM engine (OpenAI-compatible, Anthropic, Gemini) is configured with. */
export interface HostedLlmOptions {
  apiKey?: string;
  baseUrl?: string;
  model: string;
  chunkTokens?: number;
  timeoutMs?: number;
  price?: ModelPrice;
  /**
   * How much the model may think before answering. Absent: the least the provider allows for the
   * model (decision 171); 'provider' sends nothing and leaves the provider's default.
   */
  reasoningEffort?: ReasoningEffort;
}

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'provider';
export const reasoningEfforts: ReasoningEffort[] = ['none', 'minimal', 'low', 'medium', 'high', 'provider'];

/** The deadline of one request when none is configured; the same default as `createLlmEngine`. */
const DEFAULT_TIMEOUT_MS = 300_000;

/**
 * Settings for the official OpenAI and Anthropic SDK clients: their own retries off (ours decide) and
 * their timeout at our deadline. The SDKs refuse to start without a key, so `missingKey` stands in
 * for local servers that need none.
 * @example new OpenAI(sdkClientOptions(options, 'not-needed'))
 */
export function sdkClientOptions(options: HostedLlmOptions, missingKey: string) {
  return {
    apiKey: options.apiKey || missingKey,
    baseURL: options.baseUrl,
    maxRetries: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}

/**
 * The part of `createLlmEngine`'s options that comes straight from the engine's configuration;
 * the provider adds `chat` (and any output limit of its own).
 * @example createLlmEngine({ ...hostedLlmEngineOptions('gemini', options), chat })
 */
export function hostedLlmEngineOptions(
  name: string,
  options: HostedLlmOptions,
): Omit<LlmEngineOptions, 'chat'> {
  return {
    name,
    model: options.model,
    chunkTokens: options.chunkTokens,
    timeoutMs: options.timeoutMs,
    price: options.price,
  };
}
