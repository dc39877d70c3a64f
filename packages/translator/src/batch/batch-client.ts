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
 * What a lookup by our own label found: our batch (its id); certainly none among the batches created
 * since the given time; or no certain answer yet (the list was too long, failed, or, for Anthropic,
 * a batch that may be ours has not ended), which the caller must not read as "none".
 */
export type BatchLookup =
  | { state: 'found'; id: string }
  | { state: 'absent' }
  | { state: 'unknown'; reason: string };

export interface FindBatchOptions {
  /** When we asked for it (our clock): batches created well before are not looked at. */
  since: Date;
  /**
   * The latest our create can have been accepted (our request's deadline passed): later batches are
   * not ours. Anthropic uses it to leave them out of its candidates; the labels make it moot elsewhere.
   */
  until?: Date;
  /**
   * The custom ids it was submitted with: Anthropic keeps no label, so a batch is ours only when its
   * results name one of these (they are unique to our chunk attempts).
   */
  customIds: string[];
  signal?: AbortSignal;
  /** Tighter (or looser) bounds than `FIND_LIMITS`: pages walked, their size, the clock margin. */
  limits?: Partial<FindLimits>;
}

export interface FindLimits {
  pages: number;
  pageSize: number;
  marginMs: number;
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
  /**
   * Creates a batch of these requests; returns the provider's id. `label` (ours, unique per batch,
   * [A-Za-z0-9_-], at most 64 characters) goes with it where the provider keeps one (OpenAI's
   * metadata, Gemini's displayName) so `find` can tell it after an answer was lost. The create call
   * is never retried by the SDK: a retry after a lost answer would make a second, paid batch.
   */
  submit(
    requests: BatchRequest[],
    options?: { signal?: AbortSignal; label?: string },
  ): Promise<{ id: string }>;
  /**
   * Our batch submitted with `label` (Anthropic: with these custom ids) among those created since
   * `since` (less a margin for clocks), walking the provider's list newest first within a page cap.
   */
  find(label: string, options: FindBatchOptions): Promise<BatchLookup>;
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
