import Anthropic from '@anthropic-ai/sdk';
import type { Engine } from '../engine';
import { createLlmEngine } from '../llm-engine';
import { anthropicChatReply, anthropicMessageParams } from './anthropic-chat';
import { type HostedLlmOptions, hostedLlmEngineOptions, sdkClientOptions } from './hosted-llm';

export type AnthropicEngineOptions = HostedLlmOptions;

/**
 * Claude on the Messages API; the system prompt is marked for prompt caching, thinking is the least
 * the model allows unless `reasoningEffort` says otherwise.
 * @example createAnthropicEngine({ apiKey, model: 'claude-sonnet-5-5' })
 */
export function createAnthropicEngine(options: AnthropicEngineOptions): Engine {
  const client = new Anthropic(sdkClientOptions(options, 'not-set'));
  return createLlmEngine({
    ...hostedLlmEngineOptions('anthropic', options),
    maxOutputTokens: 16_000,
    async chat(request) {
      const message = await client.messages.create(anthropicMessageParams(request, options.reasoningEffort), {
        signal: request.signal,
      });
      return anthropicChatReply(message);
    },
  });
}
