import type { Message, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { ChatReply } from '../llm-engine';
import type { ReasoningEffort } from './hosted-llm';

/**
 * The Messages API request of one chat call, the same for a synchronous call and a batch request:
 * the system prompt marked for prompt caching, the user text, the output limit, and the thinking
 * settings of `thinkingParams`.
 * @example anthropicMessageParams({ system: 'Translate.', user: 'BLOCKS:…', model: 'claude-sonnet-5-5', maxOutputTokens: 4000 })
 */
export function anthropicMessageParams(
  request: { system: string; user: string; model: string; maxOutputTokens: number },
  reasoningEffort?: ReasoningEffort,
): MessageCreateParamsNonStreaming {
  return {
    model: request.model,
    max_tokens: request.maxOutputTokens,
    system: [{ type: 'text', text: request.system, cache_control: { type: 'ephemeral' } }],
    messages: [{ role: 'user', content: request.user }],
    ...thinkingParams(request.model, reasoningEffort),
  };
}

type ThinkingParams = Pick<MessageCreateParamsNonStreaming, 'thinking' | 'output_config'>;

/**
 * Claude 5 models think by default (adaptive thinking, effort `high` unless told), and each turns it
 * off its own way: Sonnet 5.5 with `between_tools` (which answers a request without tools with text
 * alone; `disabled` is a 400 there), Sonnet 5, Opus 5 and Haiku 5.5 with `disabled`, and the models
 * that cannot stop thinking at the lowest effort. Earlier models think only when asked.
 */
const LEAST_THINKING: [RegExp, ThinkingParams][] = [
  [/^claude-sonnet-5-5(?:-\d{8})?$/, { thinking: { type: 'between_tools' } }],
  [/^claude-(?:sonnet-5|opus-5|haiku-5-5)(?:-\d{8})?$/, { thinking: { type: 'disabled' } }],
  [/^claude-(?:opus|fable|mythos)-5/, { output_config: { effort: 'low' } }],
];

/**
 * How much a request may think (decision 171, addendum of decision 307): unset, 'none' and
 * 'minimal' ask a Claude 5 model for the least it allows; 'low', 'medium' and 'high' are its
 * effort, with adaptive thinking; 'provider' sends nothing. Earlier models get nothing: they think
 * only when a request switches extended thinking on, which we never do.
 * @example thinkingParams('claude-sonnet-5-5', undefined) // { thinking: { type: 'between_tools' } }
 */
export function thinkingParams(model: string, effort: ReasoningEffort | undefined): ThinkingParams {
  if (effort === 'provider') return {};
  const least = LEAST_THINKING.find(([pattern]) => pattern.test(model))?.[1];
  if (!least) return {};
  if (effort === 'low' || effort === 'medium' || effort === 'high') return { output_config: { effort } };
  return least;
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
    reasoningTokens: thinkingTokens(usage),
  };
}

/** The thinking part of the output tokens; 0 when the usage has none (or a value that is not a count). */
function thinkingTokens(usage: Message['usage']): number {
  const thinking = usage.output_tokens_details?.thinking_tokens;
  return typeof thinking === 'number' && Number.isFinite(thinking) && thinking >= 0
    ? Math.min(thinking, usage.output_tokens)
    : 0;
}
