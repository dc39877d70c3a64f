import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody, sendJson } from '../http/listen';
import { AdmissionGate } from './admission';
import { answerChat, type ChatBody } from './answer-chat';
import { createBatchApi } from './batch-api';
import type { ChatMessage } from './build-reply';
import { type FakeLlmOptions, pickFault } from './fake-llm-options';
import { countStatus, emptyStats, type FakeLlmStats } from './llm-stats';
import { errorBody, servedTier } from './openai-shapes';
import { seededRandom } from './prng';
import { refuseCaller } from './refuse-caller';
import { sendCompletion } from './send-completion';
import { sleep } from './sleep';

export interface FakeLlm {
  /** Base URL for OpenAI clients: `${url}/v1`. */
  baseURL: string;
  url: string;
  port: number;
  stats(): FakeLlmStats;
  resetStats(): void;
  /** The messages of the latest chat requests (up to 100, oldest first), to see what a caller sent. */
  received(): ChatMessage[][];
  /**
   * Calls `listener` with every chat request's messages and the prompt tokens it is billed for, when
   * its reply starts (a benchmark's account of where the input tokens went). Returns the unsubscribe.
   */
  onChat(listener: (messages: ChatMessage[], promptTokens: number) => void): () => void;
  /** Calls `listener` with every chat request's messages as it arrives (before its latency). */
  onRequest(listener: (messages: ChatMessage[]) => void): () => void;
  /** Changes behaviour from now on (e.g. switch faults off mid-test). */
  configure(options: Partial<FakeLlmOptions>): void;
  close(): Promise<void>;
}

/**
 * Starts a fake OpenAI-compatible chat completions server that "translates" by reversing words
 * (decision 001), with pacing, limits and fault injection; the Files and Batch APIs answer through the
 * same replies, and service_tier "flex" is served and counted apart (decision 290). GET /stats reports
 * what it served.
 * @example
 * const llm = await startFakeLlm({ latencyMs: 20, failRate: 0.1, seed: 1 });
 * const openai = new OpenAI({ baseURL: llm.baseURL, apiKey: 'x' });
 */
export async function startFakeLlm(initial: FakeLlmOptions = {}): Promise<FakeLlm> {
  const options: FakeLlmOptions = { ...initial };
  const random = seededRandom(options.seed);
  const gate = new AdmissionGate();
  let stats = emptyStats();
  let counter = 0;
  const received: ChatMessage[][] = [];
  const listeners = new Set<(messages: ChatMessage[], promptTokens: number) => void>();
  const arrivals = new Set<(messages: ChatMessage[]) => void>();

  const snapshot = (): FakeLlmStats => ({
    ...stats,
    by_status: { ...stats.by_status },
    faults: { ...stats.faults },
    busy_ms: Math.round(stats.busy_ms),
    max_in_flight: gate.maxInFlight,
  });

  function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    countStatus(stats, status);
    sendJson(res, status, body, headers);
  }

  async function chat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    stats.requests++;
    const arrival = performance.now();
    const abort = new AbortController();
    const current = stats;
    res.on('close', () => {
      current.busy_ms += performance.now() - arrival;
      abort.abort();
    });
    const refusal = refuseCaller(req, options);
    if (refusal) return reply(res, refusal.status, refusal.body);
    const admission = gate.admit(options);
    if (!admission.ok) {
      const seconds = String(Math.max(1, Math.ceil(admission.retryAfterMs / 1000)));
      const message = `Rate limit reached (${admission.reason}). Please try again in ${seconds}s.`;
      return reply(res, 429, errorBody(message, 'requests', 'rate_limit_exceeded'), {
        'retry-after': seconds,
        'retry-after-ms': String(Math.ceil(admission.retryAfterMs)),
      });
    }
    res.on('close', () => gate.release());
    let body: ChatBody;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return reply(res, 400, errorBody('The request body is not valid JSON.', 'invalid_request_error', null));
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return reply(res, 400, errorBody("'messages' is required.", 'invalid_request_error', null, 'messages'));
    }
    const messages = body.messages;
    received.push(messages);
    if (received.length > 100) received.shift();
    for (const listener of arrivals) listener(messages);
    const flex = body.service_tier === 'flex';
    if (flex) {
      current.flex_requests++;
      if ((options.flexUnavailableRate ?? 0) > 0 && random() < (options.flexUnavailableRate ?? 0)) {
        const message =
          'Resource unavailable: flex processing has no capacity for this request now; retry later.';
        return reply(res, 429, errorBody(message, 'invalid_request_error', 'resource_unavailable'));
      }
    }
    const fault = pickFault(random(), options);
    const latencyMs = (options.latencyMs ?? 0) + (flex ? (options.flexLatencyMs ?? 0) : 0);
    if (fault === 'fail') {
      if (!(await sleep(latencyMs, abort.signal))) return;
      current.faults.fail++;
      return reply(
        res,
        500,
        errorBody('The server had an error while processing your request.', 'server_error', null),
      );
    }
    if (fault === 'timeout') {
      current.faults.timeout++;
      return; // never answers; 'close' fires when the client gives up
    }
    const answer = answerChat(body, fault, options, random);
    if (!answer.ok) return reply(res, answer.status, answer.body);
    const { reply: composed, usage } = answer;
    const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
    await sendCompletion(res, {
      id: `chatcmpl-fake${++counter}`,
      model: answer.model,
      tier: servedTier(body.service_tier),
      reply: composed,
      usage,
      stream: body.stream === true,
      includeUsage: streamOptions?.include_usage === true,
      latencyMs,
      msPerOutputToken: options.msPerOutputToken ?? 0,
      signal: abort.signal,
      onStart() {
        if (composed.applied) current.faults[composed.applied]++;
        current.input_tokens += answer.promptTokens;
        current.output_tokens += usage.completion_tokens;
        current.reasoning_tokens += answer.reasoningTokens;
        if (flex) {
          current.flex_input_tokens += answer.promptTokens;
          current.flex_output_tokens += usage.completion_tokens;
        }
        countStatus(current, 200);
        for (const listener of listeners) listener(messages, answer.promptTokens);
      },
    });
  }

  const batchApi = createBatchApi({ options, random, stats: () => stats });

  const server = await listen((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'POST' && (path === '/v1/chat/completions' || path === '/chat/completions')) {
      chat(req, res).catch((error: Error) => {
        if (!res.headersSent) reply(res, 500, errorBody(error.message, 'server_error', null));
        else res.destroy(error);
      });
      return;
    }
    if (batchApi.owns(path)) {
      batchApi.handle(req, res, path).catch((error: Error) => {
        if (!res.headersSent) sendJson(res, 500, errorBody(error.message, 'server_error', null));
        else res.destroy(error);
      });
      return;
    }
    if (req.method === 'GET' && path === '/stats') {
      return sendJson(res, 200, snapshot());
    }
    if (req.method === 'POST' && path === '/stats/reset') {
      stats = emptyStats();
      gate.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'GET' && (path === '/v1/models' || path === '/models')) {
      return sendJson(res, 200, {
        object: 'list',
        data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'testkit' }],
      });
    }
    sendJson(
      res,
      404,
      errorBody(`Unknown path ${req.method} ${path}`, 'invalid_request_error', 'unknown_url'),
    );
  }, options.port);

  return {
    baseURL: `${server.url}/v1`,
    url: server.url,
    port: server.port,
    stats: snapshot,
    resetStats() {
      stats = emptyStats();
      gate.reset();
    },
    received: () => received.map((messages) => [...messages]),
    onChat(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRequest(listener) {
      arrivals.add(listener);
      return () => arrivals.delete(listener);
    },
    configure(changes) {
      Object.assign(options, changes);
    },
    close() {
      batchApi.close();
      return server.close();
    },
  };
}
