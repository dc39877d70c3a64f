import type { Message, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { ChatReply } from '../llm-engine';

/**
 * The Messages API request of one chat call, the same for a synchronous call and a batch request:
 * the system prompt marked for prompt caching, the user text, the output limit.
 * @example anthropicMessageParams({ system: 'Translate.', user: 'BLOCKS:…', model: 'claude-sonnet-4-5', maxOutputTokens: 4000 })
 */
export function anthropicMessageParams(request: {
  system: string;
  user: string;
  model: string;
  maxOutputTokens: number;
}): MessageCreateParamsNonStreaming {
  return {
    model: request.model,
    max_tokens: request.maxOutputTokens,
    system: [{ type: 'text', text: request.system, cache_control: { type: 'ephemeral' } }],
    messages: [{ role: 'user', content: request.user }],
  };
}

/**
 * A Message in the terms every engine shares: its text blocks (thinking left out), a refusal or a
 * reply cut at max_tokens, and every input token billed, cached ones included.
 * @example anthropicChatReply(await client.messages.create(params)).finish // 'stop'
 */
export function anthropicChatReply(message: Pick<Message, 'content' | 'stop_reason' | 'usage'>): ChatReply {
  const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const stop = message.stop_reason as string | null;
  const usage = message.usage;
  return {
    text,
    finish: stop === 'refusal' ? 'refusal' : stop === 'max_tokens' ? 'length' : 'stop',
    refusal: stop === 'refusal' ? 'refusal' : undefined,
    inputTokens:
      usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0),
    outputTokens: usage.output_tokens,
  };
}
