import type { Fault } from './fake-llm-options';

/** The body of GET /stats. */
export interface FakeLlmStats {
  /** Chat completion requests received (rejected ones included). */
  requests: number;
  /** Replies by HTTP status ("200", "429", ...); hung requests have none. */
  by_status: Record<string, number>;
  /** Prompt and completion tokens of 200 replies (o200k_base), as a provider would bill them. */
  input_tokens: number;
  output_tokens: number;
  /** Of the output tokens, those spent reasoning. */
  reasoning_tokens: number;
  /** Sum over requests of the time from arrival to the last byte (or the client giving up). */
  busy_ms: number;
  /** Most requests in service at once (429s not counted). */
  max_in_flight: number;
  faults: Record<Fault, number>;
  /** Of the chat completion requests above, those asking for service_tier "flex" (billed at half). */
  flex_requests: number;
  /** Of input_tokens and output_tokens, those of flex replies. */
  flex_input_tokens: number;
  flex_output_tokens: number;
  /** Batches created (refused ones included). */
  batches: number;
  /**
   * Requests of batches answered, succeeded or failed, and the tokens of those that succeeded
   * (reasoning included in output, and apart): billed at the batch price, not in the counts above.
   */
  batch_requests: number;
  batch_input_tokens: number;
  batch_output_tokens: number;
  batch_reasoning_tokens: number;
  /** Batches created whose creation's answer was lost on purpose (`batchLostAnswers`). */
  batch_answers_lost: number;
}

export function emptyStats(): FakeLlmStats {
  return {
    requests: 0,
    by_status: {},
    input_tokens: 0,
    output_tokens: 0,
    reasoning_tokens: 0,
    busy_ms: 0,
    max_in_flight: 0,
    faults: { fail: 0, timeout: 0, refusal: 0, drop: 0, chatter: 0, identical: 0, block_chatter: 0 },
    flex_requests: 0,
    flex_input_tokens: 0,
    flex_output_tokens: 0,
    batches: 0,
    batch_requests: 0,
    batch_input_tokens: 0,
    batch_output_tokens: 0,
    batch_reasoning_tokens: 0,
    batch_answers_lost: 0,
  };
}

export function countStatus(stats: FakeLlmStats, status: number): void {
  stats.by_status[status] = (stats.by_status[status] ?? 0) + 1;
}
