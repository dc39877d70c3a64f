import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody, sendJson } from '../http/listen';
import type { ChatAnswer, ChatBody } from './answer-chat';
import type { ChatMessage } from './build-reply';
import { countStatus, emptyStats, type FakeLlmStats } from './llm-stats';
import { seededRandom } from './prng';
import { type AnswerContext, answerNow } from './provider-answer';
import type { FakeProviderOptions } from './provider-options';

/** A running fake of a provider's own API (Anthropic, Gemini). */
export interface FakeProvider {
  /** http://127.0.0.1:PORT, the base URL to give the provider's official SDK. */
  url: string;
  port: number;
  /** What it served; batch requests and their tokens apart (batch_*), as in GET /stats. */
  stats(): FakeLlmStats;
  resetStats(): void;
  /** The messages of the latest synchronous requests (system first, up to 100, oldest first). */
  received(): ChatMessage[][];
  /** Changes behaviour from now on. */
  configure(options: Partial<FakeProviderOptions>): void;
  close(): Promise<void>;
}

/** What a provider's routes are given: answering, the stats, the server's own URL. */
export interface ProviderTools extends AnswerContext {
  /** The server's base URL (for links such as Anthropic's results_url). */
  url(): string;
  /** Sends a JSON reply and counts its status. */
  reply(res: ServerResponse, status: number, body: unknown): void;
  /** The request body as JSON; undefined (and a 400 sent) when it is not. */
  readJson(req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | undefined>;
  /**
   * Answers a synchronous request as the OpenAI fake would, in the provider's words: `render` turns
   * the answer into its reply body; errors go through the routes' `error`; a timeout fault hangs.
   */
  chat(
    res: ServerResponse,
    body: ChatBody,
    render: (answer: Extract<ChatAnswer, { ok: true }>) => unknown,
  ): Promise<void>;
}

/** One provider's API on top of the shared server. */
export interface ProviderRoutes {
  /** Why the caller is refused (a wrong key) as a status and body; null when it may go on. */
  refuse(req: IncomingMessage, query: URLSearchParams): { status: number; body: unknown } | null;
  /** The provider's error body for a status and message. */
  error(status: number, message: string): unknown;
  /** Handles a request; false when its path is none of the provider's. */
  route(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean>;
  close(): void;
}

/**
 * The server the provider fakes share: stats (GET /stats, POST /stats/reset), the key check before
 * every route, a 404 in the provider's shape, and the synchronous answer of decision 001.
 * @example const fake = await startProviderFake(options, (tools) => anthropicRoutes(tools));
 */
export async function startProviderFake(
  initial: FakeProviderOptions,
  build: (tools: ProviderTools) => ProviderRoutes,
): Promise<FakeProvider> {
  const options: FakeProviderOptions = { ...initial };
  let stats = emptyStats();
  const received: ChatMessage[][] = [];
  let base = '';
  const reply = (res: ServerResponse, status: number, body: unknown) => {
    countStatus(stats, status);
    sendJson(res, status, body);
  };
  const tools: ProviderTools = {
    options,
    random: seededRandom(options.seed),
    stats: () => stats,
    url: () => base,
    reply,
    async readJson(req, res) {
      try {
        const value: unknown = JSON.parse(await readBody(req));
        if (value && typeof value === 'object' && !Array.isArray(value))
          return value as Record<string, unknown>;
      } catch {
        // answered below
      }
      reply(res, 400, routes.error(400, 'The request body is not a valid JSON object.'));
      return undefined;
    },
    async chat(res, body, render) {
      stats.requests++;
      received.push(body.messages ?? []);
      if (received.length > 100) received.shift();
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const got = await answerNow(tools, body, abort.signal);
      if (got.ok) return sendJson(res, 200, render(got.answer));
      if (got.status !== 0) reply(res, got.status, routes.error(got.status, got.message));
    },
  };
  const routes = build(tools);

  const server = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/stats') return sendJson(res, 200, { ...stats });
    if (req.method === 'POST' && path === '/stats/reset') {
      stats = emptyStats();
      return sendJson(res, 200, { ok: true });
    }
    const refusal = routes.refuse(req, url.searchParams);
    if (refusal) return reply(res, refusal.status, refusal.body);
    routes
      .route(req, res, path, url.searchParams)
      .then((handled) => {
        if (!handled) reply(res, 404, routes.error(404, `Unknown path ${req.method} ${path}`));
      })
      .catch((error: Error) => {
        if (!res.headersSent) reply(res, 500, routes.error(500, error.message));
        else res.destroy(error);
      });
  }, options.port);
  base = server.url;

  return {
    url: server.url,
    port: server.port,
    stats: () => ({ ...stats, by_status: { ...stats.by_status }, faults: { ...stats.faults } }),
    resetStats() {
      stats = emptyStats();
    },
    received: () => received.map((messages) => [...messages]),
    configure(changes) {
      Object.assign(options, changes);
    },
    close() {
      routes.close();
      return server.close();
    },
  };
}
