import { GoogleGenAI } from '@google/genai';
import type { Engine } from '../engine';
import { createLlmEngine } from '../llm-engine';
import { geminiChatReply, geminiContentParams } from './gemini-chat';
import type { HostedLlmOptions } from './hosted-llm';
import { hostedLlmEngineOptions } from './hosted-llm';

export type GeminiEngineOptions = HostedLlmOptions;

/**
 * The official client on the Gemini API (or `baseUrl`), its own retries off: ours decide.
 * @example geminiClient({ apiKey: 'k', model: 'gemini-3.5-flash' })
 */
export function geminiClient(options: Pick<HostedLlmOptions, 'apiKey' | 'baseUrl'>): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: options.apiKey || 'not-set',
    httpOptions: { baseUrl: options.baseUrl, retryOptions: { attempts: 1 } },
  });
}

/**
 * Gemini on the Gemini API with JSON output, retries of the client off.
 * @example createGeminiEngine({ apiKey, model: 'gemini-3.5-flash' })
 */
export function createGeminiEngine(options: GeminiEngineOptions): Engine {
  const client = geminiClient(options);
  return createLlmEngine({
    ...hostedLlmEngineOptions('gemini', options),
    async chat(request) {
      const params = geminiContentParams(request, options.reasoningEffort);
      const response = await client.models.generateContent({
        ...params,
        config: { ...params.config, abortSignal: request.signal },
      });
      return geminiChatReply(response);
    },
  });
}
