import OpenAI from 'openai';
import type { Engine } from '../engine';
import { createLlmEngine } from '../llm-engine';
import {
  type HostedLlmOptions,
  hostedLlmEngineOptions,
  type ReasoningEffort,
  sdkClientOptions,
} from './hosted-llm';

/** `baseUrl`: any OpenAI-compatible endpoint: OpenAI, Azure, OpenRouter, DeepSeek, Groq, Mistral, vLLM, Ollama… */
export interface OpenAiEngineOptions extends HostedLlmOptions {
  /** Some local servers reject response_format; JSON mode is on by default. */
  jsonMode?: boolean;
}

/**
 * Chat completions engine on the official client, with its retries off (ours decide).
 * @example createOpenAiEngine({ baseUrl: 'http://127.0.0.1:8080/v1', model: 'gpt-4.1-mini', apiKey })
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): Engine {
  const client = new OpenAI(sdkClientOptions(options, 'not-needed'));
  return createLlmEngine({
    ...hostedLlmEngineOptions('openai', options),
    async chat(request) {
      const response = await client.chat.completions.create(
        {
          model: request.model,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.user },
          ],
          ...reasoningParams(request.model, options.reasoningEffort),
          ...(options.jsonMode === false ? {} : { response_format: { type: 'json_object' as const } }),
        },
        { signal: request.signal },
      );
      const choice = response.choices[0];
      const refusal = choice?.message.refusal ?? undefined;
      const finish = choice?.finish_reason;
      return {
        text: choice?.message.content ?? '',
        finish: refusal || finish === 'content_filter' ? 'refusal' : finish === 'length' ? 'length' : 'stop',
        refusal: refusal ?? (finish === 'content_filter' ? 'content filter' : undefined),
        inputTokens: response.usage?.prompt_tokens ?? 0,
        outputTokens: response.usage?.completion_tokens ?? 0,
        reasoningTokens: response.usage?.completion_tokens_details?.reasoning_tokens ?? 0,
      };
    },
  });
}

/** OpenAI's reasoning models: the o-series and GPT-5 (which also take 'minimal'). */
const REASONING_MODEL = /^(?:o\d|gpt-5)/i;

/**
 * The request's reasoning and sampling parameters: reasoning models get the least effort they take
 * ('minimal' for GPT-5, 'low' for the o-series) unless configured, and no temperature (they refuse
 * one); other models get temperature 0.3 and no reasoning parameter unless one is configured.
 * @example reasoningParams('gpt-5-mini', undefined) // { reasoning_effort: 'minimal' }
 */
export function reasoningParams(
  model: string,
  effort: ReasoningEffort | undefined,
): { reasoning_effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high'; temperature?: number } {
  const reasoning = REASONING_MODEL.test(model.split('/').pop() ?? model);
  if (!reasoning)
    return effort && effort !== 'provider'
      ? { reasoning_effort: effort, temperature: 0.3 }
      : { temperature: 0.3 };
  if (effort === 'provider') return {};
  return { reasoning_effort: effort ?? (/gpt-5/i.test(model) ? 'minimal' : 'low') };
}
