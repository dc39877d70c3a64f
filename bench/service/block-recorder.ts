import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export interface BlockRecorder {
  baseURL: string;
  /** Blocks asked for in translation requests, counted per request (a block sent twice counts twice). */
  requested(): number;
  /** Blocks in requests the provider refused (429 at its limit, or another error status). */
  refused(): number;
  /** Blocks in translation requests still waiting for their reply. */
  inFlight(): number;
  /** Blocks of replies delivered in the last `ms` (a worker may still be checking and saving them). */
  answeredWithin(ms: number): number;
  /** Texts asked for more than once, with their counts. */
  repeated(): Map<string, number>;
  translationRequests(): number;
  close(): Promise<void>;
}

/**
 * A pass-through HTTP proxy in front of the fake OpenAI-compatible server that reads each request's
 * BLOCKS object (decision 001) and counts what the service asked the provider to translate.
 */
export async function startBlockRecorder(targetBaseURL: string): Promise<BlockRecorder> {
  const counts = new Map<string, number>();
  let requested = 0;
  let refused = 0;
  let requests = 0;
  let inFlight = 0;
  const answered: { at: number; blocks: number }[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const blocks = record(body);
    inFlight += blocks;
    res.on('close', () => {
      inFlight -= blocks;
      if (blocks > 0) answered.push({ at: performance.now(), blocks });
    });
    try {
      const upstream = await fetch(`${targetBaseURL.replace(/\/v1$/, '')}${req.url}`, {
        method: req.method,
        headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
        body: req.method === 'GET' ? undefined : body,
      });
      if (upstream.status >= 300) refused += blocks;
      res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
      if (upstream.body) Readable.fromWeb(upstream.body as never).pipe(res);
      else res.end();
    } catch {
      res.destroy();
    }
  });
  function record(body: string): number {
    try {
      const messages = JSON.parse(body).messages as { role: string; content: string }[];
      const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const at = last.lastIndexOf('BLOCKS:');
      if (at < 0) return 0;
      const blocks = JSON.parse(last.slice(at + 'BLOCKS:'.length)) as Record<string, string>;
      requests++;
      for (const text of Object.values(blocks)) {
        requested++;
        counts.set(text, (counts.get(text) ?? 0) + 1);
      }
      return Object.keys(blocks).length;
    } catch {
      return 0; // not a translation request
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requested: () => requested,
    refused: () => refused,
    inFlight: () => inFlight,
    answeredWithin: (ms) =>
      answered.filter((a) => performance.now() - a.at <= ms).reduce((n, a) => n + a.blocks, 0),
    translationRequests: () => requests,
    repeated: () => new Map([...counts].filter(([, n]) => n > 1)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
