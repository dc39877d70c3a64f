import OpenAI from 'openai';
import type { Engine } from '../engine';
import { createLlmEngine } from '../llm-engine';
import { type HostedLlmOptions, hostedLlmEngineOptions, sdkClientOptions } from './hosted-llm';
import { type OpenAiChatSettings, openAiChatParams, openAiChatReply } from './openai-chat';

export { reasoningParams } from './openai-chat';

/** `baseUrl`: any OpenAI-compatible endpoint: OpenAI, Azure, OpenRouter, DeepSeek, Groq, Mistral, vLLM, Ollama… */
export interface OpenAiEngineOptions extends HostedLlmOptions, OpenAiChatSettings {
  /**
   * 'flex': OpenAI's flex processing, about half the price for slower replies that may be refused
   * with 429 when capacity is short (retried as a rate limit); the deadline defaults to 15 minutes.
   */
  serviceTier?: 'flex';
}

/** OpenAI's advice for flex requests: a 15-minute client timeout instead of the 10-minute default. */
export const FLEX_TIMEOUT_MS = 900_000;

/**
 * Chat completions engine on the official client, with its retries off (ours decide).
 * @example createOpenAiEngine({ baseUrl: 'http://127.0.0.1:8080/v1', model: 'gpt-4.1-mini', apiKey })
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): Engine {
  const flex = options.serviceTier === 'flex';
  const tuned = flex ? { ...options, timeoutMs: options.timeoutMs ?? FLEX_TIMEOUT_MS } : options;
  const client = new OpenAI(sdkClientOptions(tuned, 'not-needed'));
  return createLlmEngine({
    ...hostedLlmEngineOptions('openai', tuned),
    async chat(request) {
      const response = await client.chat.completions.create(
        { ...openAiChatParams(request, options), ...(flex ? { service_tier: 'flex' as const } : {}) },
        { signal: request.signal },
      );
      return openAiChatReply(response);
    },
  });
}
