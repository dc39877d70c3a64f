/** Bodies in the shapes of OpenAI's chat completions API. */

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number };
  completion_tokens_details: { reasoning_tokens: number };
}

export type FinishReason = 'stop' | 'length' | 'content_filter';

export interface ReplyMessage {
  content: string | null;
  refusal: string | null;
}

export function usageOf(prompt: number, completion: number, reasoning = 0): Usage {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion + reasoning,
    total_tokens: prompt + completion + reasoning,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: reasoning },
  };
}

const EFFORT_SHARE: Record<string, number> = { none: 0, minimal: 0, low: 0.25, medium: 1, high: 2 };

/** Reasoning tokens a reply spends at the request's `reasoning_effort` (the provider default: medium). */
export function reasoningFor(perReply: number, effort: unknown): number {
  const share = EFFORT_SHARE[typeof effort === 'string' ? effort : 'medium'] ?? 1;
  return Math.round(perReply * share);
}

/** What every completion and stream chunk starts with; `tier` is the service tier that served it. */
function envelope(id: string, object: string, model: string, tier: string) {
  return {
    id,
    object,
    created: Math.floor(Date.now() / 1000),
    model,
    service_tier: tier,
    system_fingerprint: 'fp_fake',
  };
}

/**
 * The tier a reply says served it, as OpenAI answers: 'flex', 'priority' and 'scale' as asked,
 * anything else (absent, 'auto', 'default') 'default'.
 * @example servedTier('flex') // 'flex'
 */
export function servedTier(asked: unknown): string {
  return asked === 'flex' || asked === 'priority' || asked === 'scale' ? asked : 'default';
}

export function completionBody(
  id: string,
  model: string,
  message: ReplyMessage,
  finish: FinishReason,
  usage: Usage,
  tier = 'default',
) {
  return {
    ...envelope(id, 'chat.completion', model, tier),
    choices: [
      { index: 0, message: { role: 'assistant', ...message }, logprobs: null, finish_reason: finish },
    ],
    usage,
  };
}

export function chunkBody(
  id: string,
  model: string,
  delta: Record<string, unknown> | null,
  finish: FinishReason | null,
  usage?: Usage | null,
  tier = 'default',
) {
  return {
    ...envelope(id, 'chat.completion.chunk', model, tier),
    choices: delta ? [{ index: 0, delta, logprobs: null, finish_reason: finish }] : [],
    ...(usage !== undefined ? { usage } : {}),
  };
}

export function errorBody(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}
