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

export function usageOf(prompt: number, completion: number): Usage {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0 },
  };
}

export function completionBody(
  id: string,
  model: string,
  message: ReplyMessage,
  finish: FinishReason,
  usage: Usage,
) {
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: 'fp_fake',
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
) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: 'fp_fake',
    choices: delta ? [{ index: 0, delta, logprobs: null, finish_reason: finish }] : [],
    ...(usage !== undefined ? { usage } : {}),
  };
}

export function errorBody(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}
