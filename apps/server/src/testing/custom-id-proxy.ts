import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tests only: an HTTP proxy in front of the fake PayPal that adds `custom_id` to the subscriptions
 * it returns, as PayPal does when the buttons created the subscription with one.
 */
export async function startCustomIdProxy() {
  let target = '';
  const customIds = new Map<string, string>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([name]) => !['host', 'content-length', 'connection'].includes(name),
      ),
    ) as Record<string, string>;
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    let body = Buffer.from(await upstream.arrayBuffer());
    const id = req.url?.match(/^\/v1\/billing\/subscriptions\/([^/?]+)$/)?.[1];
    if (req.method === 'GET' && id && customIds.has(id) && upstream.ok) {
      body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), custom_id: customIds.get(id) }));
    }
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget(url: string) {
      target = url;
    },
    customIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
