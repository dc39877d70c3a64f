import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const FORWARDED = [
  'content-type',
  'authorization',
  'x-api-key',
  'anthropic-version',
  'x-goog-api-key',
  'accept',
];

/**
 * A loopback proxy in front of a fake provider that hands each answer to `spoil` (path and body) before
 * the client sees it, and keeps every request body it forwarded: hostile replies from a real peer.
 * @example const proxy = await startSpoilingProxy(fake.url, (path, body) => body);
 */
export async function startSpoilingProxy(upstream: string, spoil: (path: string, body: string) => string) {
  const sent: Array<{ method: string; path: string; body: string }> = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    sent.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method,
      headers,
      body: body || undefined,
    });
    const text = spoil(req.url ?? '/', await answer.text());
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
