import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A started loopback HTTP server. */
export interface Listening {
  server: Server;
  port: number;
  /** http://127.0.0.1:PORT without a trailing slash. */
  url: string;
  /** Stops listening and drops open connections (hanging requests included), so tests end promptly. */
  close(): Promise<void>;
}

/**
 * Starts `handler` on 127.0.0.1 (an ephemeral port unless `port` is given).
 * @example const { url, close } = await listen((req, res) => res.end('ok'));
 */
export async function listen(handler: RequestListener, port = 0): Promise<Listening> {
  const server = createServer({ keepAliveTimeout: 5_000 }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    server,
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** Reads a request body as text (the fakes only take small JSON or form bodies). */
export async function readBody(req: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes a JSON reply with the given status and extra headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
