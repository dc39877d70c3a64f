import { type ChatMessage, planReply } from './build-reply';
import { type ComposedReply, composeReply, countPromptTokens } from './compose-reply';
import type { FakeLlmOptions, Fault } from './fake-llm-options';
import { errorBody, openAiParamsProblem, reasoningFor, type Usage, usageOf } from './openai-shapes';

/** A chat request's body as the fake reads it. */
export interface ChatBody {
  messages?: ChatMessage[];
  model?: string;
  stream?: boolean;
  service_tier?: string;
  [key: string]: unknown;
}

/** A completion to send, or the error the request earns instead. */
export type ChatAnswer =
  | { ok: false; status: number; body: ReturnType<typeof errorBody> }
  | {
      ok: true;
      model: string;
      reply: ComposedReply;
      usage: Usage;
      promptTokens: number;
      reasoningTokens: number;
    };

/**
 * The reply to one chat completion request with its fault already drawn: the reversed-words text,
 * the context check, max_tokens and reasoning tokens. The synchronous route and every line of a batch
 * answer through it, so both say and count the same.
 * @example answerChat({ messages: [{ role: 'user', content: 'Hi there' }] }, null, {}, Math.random)
 */
export function answerChat(
  body: ChatBody,
  fault: Fault | null,
  options: FakeLlmOptions,
  random: () => number,
): ChatAnswer {
  const fail = (status: number, message: string, code: string | null, param: string | null) => ({
    ok: false as const,
    status,
    body: errorBody(message, 'invalid_request_error', code, param),
  });
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return fail(400, "'messages' is required.", null, 'messages');
  }
  const refused = openAiParamsProblem(body);
  if (refused) return fail(400, refused.message, 'unsupported_value', refused.param);
  let plan: ReturnType<typeof planReply>;
  try {
    plan = planReply(body.messages, options.twoWayTerms);
  } catch (error) {
    return fail(400, (error as Error).message, null, 'messages');
  }
  const promptTokens = countPromptTokens(body.messages);
  if (options.maxContextTokens && promptTokens > options.maxContextTokens) {
    const message = `This model's maximum context length is ${options.maxContextTokens} tokens. However, your messages resulted in ${promptTokens} tokens.`;
    return fail(400, message, 'context_length_exceeded', 'messages');
  }
  const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens) || undefined;
  const reply = composeReply(plan, fault, maxTokens, random);
  const model = typeof body.model === 'string' ? body.model : 'fake-model';
  const reasoningTokens = reasoningFor(options.reasoningTokens ?? 0, body.reasoning_effort, model);
  return {
    ok: true,
    model,
    reply,
    usage: usageOf(promptTokens, reply.completionTokens, reasoningTokens),
    promptTokens,
    reasoningTokens,
  };
}
