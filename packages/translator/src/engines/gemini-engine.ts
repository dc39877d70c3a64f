import { GoogleGenAI } from '@google/genai';
import type { Engine } from '../engine';
import { createLlmEngine } from '../llm-engine';
import { type HostedLlmOptions, hostedLlmEngineOptions, type ReasoningEffort } from './hosted-llm';

export type GeminiEngineOptions = HostedLlmOptions;

/** Finish reasons that mean the content was blocked; RECITATION is common with published books. */
const BLOCKED = new Set(['SAFETY', 'RECITATION', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'IMAGE_SAFETY']);

/**
 * Gemini on the Gemini API with JSON output, retries of the client off.
 * @example createGeminiEngine({ apiKey, model: 'gemini-2.5-flash' })
 */
export function createGeminiEngine(options: GeminiEngineOptions): Engine {
  const client = new GoogleGenAI({
    apiKey: options.apiKey || 'not-set',
    httpOptions: { baseUrl: options.baseUrl, retryOptions: { attempts: 1 } },
  });
  return createLlmEngine({
    ...hostedLlmEngineOptions('gemini', options),
    async chat(request) {
      const response = await client.models.generateContent({
        model: request.model,
        contents: request.user,
        config: {
          systemInstruction: request.system,
          responseMimeType: 'application/json',
          maxOutputTokens: request.maxOutputTokens,
          temperature: 0.3,
          ...thinkingConfig(request.model, options.reasoningEffort),
          abortSignal: request.signal,
        },
      });
      const candidate = response.candidates?.[0];
      const reason = String(candidate?.finishReason ?? '');
      const blocked = response.promptFeedback?.blockReason ?? (BLOCKED.has(reason) ? reason : undefined);
      const usage = response.usageMetadata;
      return {
        text: blocked ? '' : (response.text ?? ''),
        finish: blocked || !candidate ? 'refusal' : reason === 'MAX_TOKENS' ? 'length' : 'stop',
        refusal: blocked ? String(blocked) : candidate ? undefined : 'no candidate',
        inputTokens: usage?.promptTokenCount ?? 0,
        // Thoughts are billed as output but counted apart by Gemini.
        outputTokens: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
        reasoningTokens: usage?.thoughtsTokenCount ?? 0,
      };
    },
  });
}

const BUDGETS: Record<string, number> = { none: 0, minimal: 0, low: 1024, medium: 8192, high: 24576 };

/**
 * Gemini 2.5's thinking budget: none unless configured (Flash and Flash-Lite take 0; Pro thinks at
 * least 128 tokens); other models keep their default.
 * @example thinkingConfig('gemini-2.5-flash', undefined) // { thinkingConfig: { thinkingBudget: 0 } }
 */
export function thinkingConfig(
  model: string,
  effort: ReasoningEffort | undefined,
): { thinkingConfig?: { thinkingBudget: number } } {
  if (effort === 'provider' || !/gemini-2\.5/i.test(model)) return {};
  const pro = /gemini-2\.5-pro/i.test(model);
  const budget = BUDGETS[effort ?? 'none'] ?? 0;
  return { thinkingConfig: { thinkingBudget: pro ? Math.max(128, budget) : budget } };
}
