import Anthropic from '@anthropic-ai/sdk';
import type { Engine } from '../engine';
import { createLlmEngine } from '../llm-engine';
import { type HostedLlmOptions, hostedLlmEngineOptions, sdkClientOptions } from './hosted-llm';

export type AnthropicEngineOptions = HostedLlmOptions;

/**
 * Claude on the Messages API; the system prompt is marked for prompt caching.
 * @example createAnthropicEngine({ apiKey, model: 'claude-sonnet-4-5' })
 */
export function createAnthropicEngine(options: AnthropicEngineOptions): Engine {
  const client = new Anthropic(sdkClientOptions(options, 'not-set'));
  return createLlmEngine({
    ...hostedLlmEngineOptions('anthropic', options),
    maxOutputTokens: 16_000,
    async chat(request) {
      const message = await client.messages.create(
        {
          model: request.model,
          max_tokens: request.maxOutputTokens,
          system: [{ type: 'text', text: request.system, cache_control: { type: 'ephemeral' } }],
          messages: [{ role: 'user', content: request.user }],
        },
        { signal: request.signal },
      );
      const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
      const stop = message.stop_reason as string | null;
      const usage = message.usage;
      return {
        text,
        finish: stop === 'refusal' ? 'refusal' : stop === 'max_tokens' ? 'length' : 'stop',
        refusal: stop === 'refusal' ? 'refusal' : undefined,
        inputTokens:
          usage.input_tokens +
          (usage.cache_read_input_tokens ?? 0) +
          (usage.cache_creation_input_tokens ?? 0),
        outputTokens: usage.output_tokens,
      };
    },
  });
}
