import { GoogleGenAI } from '@google/genai';
import type { Engine } from '../engine';
import { createLlmEngine } from '../llm-engine';
import { type HostedLlmOptions, hostedLlmEngineOptions } from './hosted-llm';

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
        outputTokens: usage?.candidatesTokenCount ?? 0,
      };
    },
  });
}
