import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setApiOrigin } from '../api/http';

type Handler = (req: IncomingMessage, body: string) => { status?: number; json?: unknown } | undefined;

/**
 * A real HTTP server speaking the API's JSON for component tests: routes are 'METHOD /path/' keys
 * (query string ignored); every request is recorded. Points the app's API layer at it.
 */
export async function startApiServer(routes: Record<string, Handler>) {
  const calls: string[] = [];
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
      const key = `${req.method} ${(req.url ?? '').split('?')[0]?.replace('/api/v1', '')}`;
      calls.push(key);
      const out = routes[key]?.(req, body) ?? {
        status: 404,
        json: { success: false, error: { code: 'NOT_FOUND', message: 'Not found' } },
      };
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
    count: (key: string) => calls.filter((c) => c === key).length,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
