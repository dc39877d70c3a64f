/** Behaviour of the fake OpenAI-compatible server; every rate is a probability from 0 to 1. */
export interface FakeLlmOptions {
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Time to the first token (ms). */
  latencyMs?: number;
  /** Added per output token after the first, streamed or not (ms). */
  msPerOutputToken?: number;
  /** Requests served at once; the next gets 429 with Retry-After. 0 = unlimited. */
  maxConcurrency?: number;
  /** Requests accepted per rolling minute; above it 429 with Retry-After. 0 = unlimited. */
  rpm?: number;
  /** 500 server_error. */
  failRate?: number;
  /** No reply at all: the request hangs until the client gives up. */
  timeoutRate?: number;
  /** A BLOCKS reply missing one of its keys. */
  dropRate?: number;
  /** Commentary and a code fence around the JSON. */
  chatterRate?: number;
  /** A BLOCKS reply that gives every block back untranslated (the source text). */
  identicalRate?: number;
  /** A closing offer ("Let me know if…") left inside one block of a BLOCKS reply. */
  blockChatterRate?: number;
  /**
   * Terms rendered two ways: in blocks whose text hashes odd, the term's reversed form has its first
   * two letters swapped ("araM" becomes "raaM"), the same on every request for that block.
   */
  twoWayTerms?: string[];
  /**
   * Reasoning tokens a reply spends at the provider's default effort ('medium'); 'low' spends a
   * quarter, 'minimal' and 'none' nothing, 'high' twice. Reported in completion_tokens and apart in
   * completion_tokens_details.reasoning_tokens, as OpenAI's reasoning models do. Default 0.
   */
  reasoningTokens?: number;
  /** A refusal: finish_reason content_filter, a `refusal` message, or an apology as content. */
  refusalRate?: number;
  /** Seed for reproducible faults (in order of arrival). */
  seed?: number;
  /** When set, any other bearer token gets 401 invalid_api_key. */
  apiKey?: string;
  /** When set, a longer prompt gets 400 context_length_exceeded. */
  maxContextTokens?: number;
  /** Every request gets 429 insufficient_quota (no Retry-After), as an exhausted OpenAI account does. */
  insufficientQuota?: boolean;
  /** Retry-After on a concurrency 429 (seconds, default 1). */
  retryAfterSeconds?: number;
  /**
   * Time from a batch's creation to its end (ms, default 1000): validating for the first tenth,
   * in_progress until nine tenths, finalizing, then completed (or expired, with `batchExpire`).
   */
  batchDelayMs?: number;
  /** Requests of a batch answered 500 server_error, in the batch's error file. */
  batchFailRate?: number;
  /**
   * When set, every batch expires at `batchDelayMs` with this share of its requests done (0.5: the
   * first half, in the input file's order); the rest are in the error file as batch_expired.
   */
  batchExpire?: number;
  /**
   * The next this many batches are created and then their creation's answer is lost: the connection
   * dropped (`batchLostAnswerAs` 'drop', the default) or a 500 (`'error'`), as when a provider
   * accepted a batch and the caller never learned its id. Counts down per batch created.
   */
  batchLostAnswers?: number;
  batchLostAnswerAs?: 'drop' | 'error';
  /** More requests than this in one input file fail the batch at validation (default 50,000). */
  batchMaxRequests?: number;
  /** Added to the latency of a request with service_tier "flex" (ms). */
  flexLatencyMs?: number;
  /** A flex request answered 429 resource_unavailable, as OpenAI does when flex capacity is short. */
  flexUnavailableRate?: number;
}

export type Fault = 'fail' | 'timeout' | 'refusal' | 'drop' | 'chatter' | 'identical' | 'block_chatter';

const ORDER: Array<[Fault, keyof FakeLlmOptions]> = [
  ['fail', 'failRate'],
  ['timeout', 'timeoutRate'],
  ['refusal', 'refusalRate'],
  ['drop', 'dropRate'],
  ['chatter', 'chatterRate'],
  ['identical', 'identicalRate'],
  ['block_chatter', 'blockChatterRate'],
];

/**
 * One draw decides a request's fault; the rates stack, so 0.05 each of four faults is 20% combined.
 * @example pickFault(0.03, { failRate: 0.05 }) // 'fail'
 */
export function pickFault(draw: number, options: FakeLlmOptions): Fault | null {
  let edge = 0;
  for (const [fault, key] of ORDER) {
    edge += Number(options[key] ?? 0);
    if (draw < edge) return fault;
  }
  return null;
}
