import type { FakeLlmOptions } from './fake-llm-options';

/**
 * Behaviour of the fake Anthropic and Gemini servers: the fake OpenAI server's options that mean the
 * same there (pacing, content faults, a key, the context limit, batch timing and failures).
 * `batchDelayMs` is the time from a batch's creation to its end (default 1000); `batchFailRate` the
 * share of a batch's requests that fail; `batchExpire` the share done when every batch expires; `batchLostAnswers` batches are created and their answer lost.
 */
export type FakeProviderOptions = Pick<
  FakeLlmOptions,
  | 'port'
  | 'latencyMs'
  | 'seed'
  | 'apiKey'
  | 'failRate'
  | 'timeoutRate'
  | 'refusalRate'
  | 'dropRate'
  | 'chatterRate'
  | 'identicalRate'
  | 'blockChatterRate'
  | 'twoWayTerms'
  | 'maxContextTokens'
  | 'reasoningTokens'
  | 'batchDelayMs'
  | 'batchFailRate'
  | 'batchExpire'
  | 'batchLostAnswers'
  | 'batchLostAnswerAs'
>;
