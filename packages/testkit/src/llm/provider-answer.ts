import { answerChat, type ChatAnswer, type ChatBody } from './answer-chat';
import { pickFault } from './fake-llm-options';
import { countStatus, type FakeLlmStats } from './llm-stats';
import type { FakeProviderOptions } from './provider-options';
import { sleep } from './sleep';

/** A reply to send, or why there is none: an error (status and words) or a request left hanging. */
export type ProviderAnswer =
  | { ok: true; answer: Extract<ChatAnswer, { ok: true }> }
  | { ok: false; status: number; message: string }
  | { ok: false; status: 0; message: 'hang' };

/** What the provider fakes share for answering: options, the seeded draw and the current stats. */
export interface AnswerContext {
  options: FakeProviderOptions;
  random: () => number;
  stats: () => FakeLlmStats;
}

const SERVER_ERROR = 'Internal server error';

/**
 * One synchronous request of a provider fake, answered as the OpenAI fake answers a chat completion
 * (reversed words, faults drawn in the same order, the same token counts): waits `latencyMs`, then
 * gives the reply or a 500; a timeout fault never answers. Counts it in the synchronous stats.
 * @example await answerNow(ctx, { messages, max_tokens: 500 }, signal)
 */
export async function answerNow(
  ctx: AnswerContext,
  body: ChatBody,
  signal: AbortSignal,
): Promise<ProviderAnswer> {
  const stats = ctx.stats();
  const fault = pickFault(ctx.random(), ctx.options);
  if (fault === 'timeout') {
    stats.faults.timeout++;
    return { ok: false, status: 0, message: 'hang' };
  }
  if (!(await sleep(ctx.options.latencyMs ?? 0, signal))) return { ok: false, status: 0, message: 'hang' };
  if (fault === 'fail') {
    stats.faults.fail++;
    return { ok: false, status: 500, message: SERVER_ERROR };
  }
  const answer = answerChat(body, fault, ctx.options, ctx.random);
  if (!answer.ok) return { ok: false, status: answer.status, message: answer.body.error.message };
  if (answer.reply.applied) stats.faults[answer.reply.applied]++;
  stats.input_tokens += answer.promptTokens;
  stats.output_tokens += answer.usage.completion_tokens;
  stats.reasoning_tokens += answer.reasoningTokens;
  countStatus(stats, 200);
  return { ok: true, answer };
}

/**
 * One request of a batch, answered as a synchronous one would be except that a failure is an error
 * result (`batchFailRate`) instead of a hang or an HTTP 500; counted apart in the batch stats, so a
 * benchmark prices it at the batch rate.
 */
export function answerInBatch(ctx: AnswerContext, body: ChatBody): ProviderAnswer {
  const stats = ctx.stats();
  stats.batch_requests++;
  if (ctx.random() < (ctx.options.batchFailRate ?? 0)) {
    stats.faults.fail++;
    return { ok: false, status: 500, message: SERVER_ERROR };
  }
  // A batch has no connection to hang or drop: only the faults that change a reply's content apply.
  const fault = pickFault(ctx.random(), { ...ctx.options, failRate: 0, timeoutRate: 0 });
  const answer = answerChat(body, fault, ctx.options, ctx.random);
  if (!answer.ok) return { ok: false, status: answer.status, message: answer.body.error.message };
  if (answer.reply.applied) stats.faults[answer.reply.applied]++;
  stats.batch_input_tokens += answer.promptTokens;
  stats.batch_output_tokens += answer.usage.completion_tokens;
  stats.batch_reasoning_tokens += answer.reasoningTokens;
  return { ok: true, answer };
}
