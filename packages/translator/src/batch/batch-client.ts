import type { ChatReply } from '../llm-engine';

/**
 * One request of a provider batch: a whole chat call, named by our own id so its result can be
 * matched however the provider orders them.
 */
export interface BatchRequest {
  /** Ours, at most 64 characters of [A-Za-z0-9_-] (the strictest provider's rule). */
  customId: string;
  system: string;
  user: string;
  model: string;
  maxOutputTokens: number;
}

/**
 * Where a batch is: still running; ended (every request has a result, each succeeded or failed);
 * expired (the provider's window passed: the finished requests have results, the rest none);
 * failed (the batch as a whole was refused, e.g. a bad input file); cancelled.
 */
export type BatchState = 'in_progress' | 'ended' | 'expired' | 'failed' | 'cancelled';

export interface BatchStatus {
  /** The provider's id of the batch. */
  id: string;
  state: BatchState;
  /** Requests the provider reports done so far, when it says. */
  counts?: { total: number; succeeded: number; failed: number };
  /** The provider's words when the batch as a whole failed. */
  message?: string;
}

/** The outcome of one request: a reply in the terms every engine shares, or why it has none. */
export interface BatchResult {
  customId: string;
  reply?: ChatReply;
  error?: {
    message: string /** Worth asking again (server error, expiry, rate) rather than a bad request. */;
    retryable: boolean;
  };
}

/**
 * A provider's batch API (OpenAI Batch, Anthropic Message Batches, Gemini batch mode): work that may
 * wait, at a lower price. Calls throw TranslatorError like an engine's.
 */
export interface BatchClient {
  readonly provider: 'openai' | 'anthropic' | 'gemini';
  /** The model requests name when the caller gives none. */
  readonly model: string;
  /** What the provider charges for batch work against its standard price (0.5: half). */
  readonly priceFactor: number;
  /** Creates a batch of these requests; returns the provider's id. */
  submit(requests: BatchRequest[], options?: { signal?: AbortSignal }): Promise<{ id: string }>;
  status(id: string, options?: { signal?: AbortSignal }): Promise<BatchStatus>;
  /**
   * Every result there is: call once the state is ended or expired (or cancelled: the finished part).
   * `customIds`, the ids submitted, makes the answer exactly one result per id in that order (a
   * result naming another id dropped, an id without one a retryable error); without them the ids
   * are those the provider keeps (OpenAI's input file) or, where it keeps none (Anthropic, Gemini),
   * those its results name.
   */
  results(id: string, options?: { signal?: AbortSignal; customIds?: string[] }): Promise<BatchResult[]>;
  cancel(id: string, options?: { signal?: AbortSignal }): Promise<void>;
}
