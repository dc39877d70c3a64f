import OpenAI from 'openai';
import type { Engine } from '../engine';
import { createLlmEngine } from '../llm-engine';
import { type HostedLlmOptions, hostedLlmEngineOptions, sdkClientOptions } from './hosted-llm';

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
          temperature: 0.3,
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
      };
    },
  });
}
