import type { ChatAnswer, ChatBody } from './answer-chat';
import type { ChatMessage } from './build-reply';

type Answer = Extract<ChatAnswer, { ok: true }>;

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** Anthropic's error body: `{type: 'error', error: {type, message}, request_id}`. */
export function anthropicError(status: number, message: string) {
  return {
    type: 'error' as const,
    error: { type: ERROR_TYPES[status] ?? 'api_error', message },
    request_id: `req_fake${Math.floor(Math.random() * 1e9)}`,
  };
}

/**
 * Claude 5 models think unless told not to (adaptive thinking at effort `high` by default); Sonnet
 * 5.5 turns it off with `between_tools` only, Sonnet 5, Opus 5 and Haiku 5.5 with `disabled`.
 */
const THINKS_BY_DEFAULT = /^claude-(?:sonnet|opus|haiku|fable|mythos)-5/;
const BETWEEN_TOOLS_ONLY = /^claude-sonnet-5-5(?:-\d{8})?$/;
const MAY_DISABLE = /^claude-(?:sonnet-5|opus-5|haiku-5-5)(?:-\d{8})?$/;

/**
 * Messages API params as the fake's chat body: the system prompt (a string or text blocks) first,
 * then the messages; a model that thinks spends the configured reasoning tokens at its effort (the
 * fake's `reasoningTokens` at medium, a quarter at low, twice at high).
 * @example anthropicChatBody({ model: 'm', max_tokens: 100, system: 'Be brief.', messages: [] })
 */
export function anthropicChatBody(params: Record<string, unknown>): ChatBody {
  const system = params.system;
  const systemText =
    typeof system === 'string'
      ? system
      : Array.isArray(system)
        ? system.map((part) => (part && typeof part.text === 'string' ? part.text : '')).join('')
        : '';
  const messages = Array.isArray(params.messages) ? (params.messages as ChatMessage[]) : [];
  const thinking = (params.thinking as { type?: string } | undefined)?.type;
  const model = typeof params.model === 'string' ? params.model : undefined;
  const effort = (params.output_config as { effort?: string } | undefined)?.effort ?? 'high';
  const claude5 = model !== undefined && THINKS_BY_DEFAULT.test(model);
  const thinks = claude5 ? thinking !== 'disabled' && thinking !== 'between_tools' : thinking === 'enabled';
  return {
    model,
    messages:
      messages.length && systemText ? [{ role: 'system', content: systemText }, ...messages] : messages,
    max_tokens: params.max_tokens,
    reasoning_effort: !thinks ? 'none' : claude5 ? effort : 'medium',
  };
}

/** What the Messages API requires of a request; a sentence saying what is wrong, or null. */
export function anthropicParamsProblem(params: unknown): string | null {
  if (!params || typeof params !== 'object') return 'params: Field required';
  const p = params as Record<string, unknown>;
  if (typeof p.model !== 'string' || !p.model) return 'model: Field required';
  if (typeof p.max_tokens !== 'number' || p.max_tokens < 1) return 'max_tokens: Field required';
  if (!Array.isArray(p.messages) || p.messages.length === 0)
    return 'messages: at least one message is required';
  if (p.stream === true) return 'stream: this server does not stream';
  return thinkingProblem(p.model, p);
}

/** The thinking and sampling settings a model refuses, as the API words them; null when it takes them. */
function thinkingProblem(model: string, p: Record<string, unknown>): string | null {
  const thinking = (p.thinking as { type?: unknown } | undefined)?.type;
  const effort = (p.output_config as { effort?: unknown } | undefined)?.effort;
  if (!THINKS_BY_DEFAULT.test(model)) {
    if (thinking === 'between_tools' || thinking === 'adaptive')
      return `thinking.type: Input tag '${thinking}' found using 'type' does not match any of the expected tags: 'disabled', 'enabled'`;
    return null;
  }
  for (const name of ['temperature', 'top_p', 'top_k'])
    if (p[name] !== undefined) return `${name}: sampling parameters are not supported for this model`;
  if (thinking === 'enabled')
    return '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';
  if (thinking === 'disabled' && !MAY_DISABLE.test(model))
    return BETWEEN_TOOLS_ONLY.test(model)
      ? '"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools" to turn off up-front thinking.'
      : '"thinking.type.disabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';
  if (thinking === 'between_tools' && !BETWEEN_TOOLS_ONLY.test(model))
    return `"thinking.type.between_tools" is not supported for this model.`;
  if (thinking === 'between_tools' && (effort === 'xhigh' || effort === 'max'))
    return `"thinking.type.between_tools" is not supported with effort "${effort}". Use "thinking.type.adaptive".`;
  return null;
}

/**
 * A Message: the reply as one text block (after a thinking block when the model thought), the stop
 * reason (end_turn, max_tokens, refusal) and usage, with the tier that served it.
 */
export function anthropicMessage(id: string, answer: Answer, tier: 'standard' | 'batch') {
  const { message, finish } = answer.reply;
  const refused = finish === 'content_filter' || message.refusal !== null;
  const text = message.content ?? message.refusal ?? '';
  const content: unknown[] = [];
  if (answer.reasoningTokens > 0)
    content.push({ type: 'thinking', thinking: 'Reversing the words.', signature: 'fake-signature' });
  if (text) content.push({ type: 'text', text, citations: null });
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content,
    stop_reason: refused ? 'refusal' : finish === 'length' ? 'max_tokens' : 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: answer.promptTokens,
      output_tokens: answer.usage.completion_tokens,
      output_tokens_details: { thinking_tokens: answer.reasoningTokens },
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      server_tool_use: null,
      service_tier: tier,
    },
  };
}
