import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody, sendJson } from '../http/listen';
import { AdmissionGate } from './admission';
import { type ChatMessage, type PlannedReply, planReply } from './build-reply';
import { composeReply, countPromptTokens } from './compose-reply';
import { type FakeLlmOptions, pickFault } from './fake-llm-options';
import { countStatus, emptyStats, type FakeLlmStats } from './llm-stats';
import { errorBody, reasoningFor, usageOf } from './openai-shapes';
import { seededRandom } from './prng';
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
  /** Changes behaviour from now on (e.g. switch faults off mid-test). */
  configure(options: Partial<FakeLlmOptions>): void;
  close(): Promise<void>;
}

/**
 * Starts a fake OpenAI-compatible chat completions server that "translates" by reversing words
 * (decision 001), with pacing, limits and fault injection. GET /stats reports what it served.
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
    const auth = req.headers.authorization ?? '';
    if (options.apiKey && auth !== `Bearer ${options.apiKey}`) {
      return reply(
        res,
        401,
        errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
      );
    }
    if (options.insufficientQuota) {
      const message = 'You exceeded your current quota, please check your plan and billing details.';
      return reply(res, 429, errorBody(message, 'insufficient_quota', 'insufficient_quota'));
    }
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
    let body: { messages?: ChatMessage[]; model?: string; stream?: boolean; [key: string]: unknown };
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return reply(res, 400, errorBody('The request body is not valid JSON.', 'invalid_request_error', null));
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return reply(res, 400, errorBody("'messages' is required.", 'invalid_request_error', null, 'messages'));
    }
    received.push(body.messages);
    if (received.length > 100) received.shift();
    const fault = pickFault(random(), options);
    if (fault === 'fail') {
      if (!(await sleep(options.latencyMs ?? 0, abort.signal))) return;
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
    let plan: PlannedReply;
    try {
      plan = planReply(body.messages, options.twoWayTerms);
    } catch (error) {
      return reply(res, 400, errorBody((error as Error).message, 'invalid_request_error', null, 'messages'));
    }
    const promptTokens = countPromptTokens(body.messages);
    if (options.maxContextTokens && promptTokens > options.maxContextTokens) {
      const message = `This model's maximum context length is ${options.maxContextTokens} tokens. However, your messages resulted in ${promptTokens} tokens.`;
      return reply(
        res,
        400,
        errorBody(message, 'invalid_request_error', 'context_length_exceeded', 'messages'),
      );
    }
    const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens) || undefined;
    const composed = composeReply(plan, fault, maxTokens, random);
    const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
    const reasoning = reasoningFor(options.reasoningTokens ?? 0, body.reasoning_effort);
    await sendCompletion(res, {
      id: `chatcmpl-fake${++counter}`,
      model: typeof body.model === 'string' ? body.model : 'fake-model',
      reply: composed,
      usage: usageOf(promptTokens, composed.completionTokens, reasoning),
      stream: body.stream === true,
      includeUsage: streamOptions?.include_usage === true,
      latencyMs: options.latencyMs ?? 0,
      msPerOutputToken: options.msPerOutputToken ?? 0,
      signal: abort.signal,
      onStart() {
        if (composed.applied) current.faults[composed.applied]++;
        current.input_tokens += promptTokens;
        current.output_tokens += composed.completionTokens + reasoning;
        current.reasoning_tokens += reasoning;
        countStatus(current, 200);
      },
    });
  }

  const server = await listen((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && (path === '/v1/chat/completions' || path === '/chat/completions')) {
      chat(req, res).catch((error: Error) => {
        if (!res.headersSent) reply(res, 500, errorBody(error.message, 'server_error', null));
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
    configure(changes) {
      Object.assign(options, changes);
    },
    close: () => server.close(),
  };
}
