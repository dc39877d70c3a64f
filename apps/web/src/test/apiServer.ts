import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@booktranslate/contract';
import { setApiOrigin } from '../api/loadClient';
import { checkAnswer } from '../api/mock/contractCheck';

type Handler = (req: IncomingMessage, body: string) => { status?: number; json?: unknown } | undefined;

/**
 * A real HTTP server speaking the API's JSON for component tests: routes are 'METHOD /path/' keys
 * (query string ignored); every request is recorded. Points the app's API layer at it.
 *
 * Every answer is checked against the contract (the route's response schema, or the error envelope
 * for a failure): a fake the real server could not give is answered with a 500 naming the mismatch,
 * and `close()` fails the test with it.
 */
export async function startApiServer(routes: Record<string, Handler>) {
  const calls: string[] = [];
  const mismatches: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin ?? '*';
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'content-type, x-csrf-token, accept');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = (req.url ?? '').split('?')[0]?.replace(API_PREFIX, '') ?? '';
      const key = `${method} ${path}`;
      calls.push(key);
      let out = routes[key]?.(req, body) ?? {
        status: 404,
        json: { success: false, error: { code: 'NOT_FOUND', message: 'Not found' } },
      };
      try {
        checkAnswer(method, path, out.status ?? 200, out.json);
      } catch (err) {
        mismatches.push((err as Error).message);
        out = {
          status: 500,
          json: { success: false, error: { code: 'INTERNAL_ERROR', message: String(err) } },
        };
      }
      res
        .writeHead(out.status ?? 200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(out.json ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  setApiOrigin(`http://127.0.0.1:${port}`);
  return {
    calls,
    mismatches,
    count: (key: string) => calls.filter((c) => c === key).length,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      if (mismatches.length > 0) throw new Error(`Fake answers off the contract:\n${mismatches.join('\n')}`);
    },
  };
}
