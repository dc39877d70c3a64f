import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonReply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A small local HTTP server for provider-protocol tests: `handle` gets the method, path and parsed
 * body (JSON, or form fields) and returns the status, JSON body and headers to send.
 */
export async function serveJson(
  handle: (request: { method: string; path: string; body: unknown }) => JsonReply,
) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const server = createServer(async (req, res) => {
    const request = { method: req.method ?? 'GET', path: req.url ?? '/', body: await readBody(req) };
    requests.push(request);
    const reply = handle(request);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    const fields: Record<string, string | string[]> = {};
    for (const key of new Set(form.keys())) {
      const all = form.getAll(key);
      fields[key] = all.length > 1 || key === 'text' ? all : (all[0] as string);
    }
    return fields;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The BLOCKS object at the end of a translation prompt (decision 001). */
export function blocksOf(prompt: string): Record<string, string> {
  const at = prompt.lastIndexOf('BLOCKS:\n');
  return JSON.parse(prompt.slice(at + 'BLOCKS:\n'.length)) as Record<string, string>;
}
