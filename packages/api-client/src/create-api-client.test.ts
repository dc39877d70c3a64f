import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@booktranslate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient } from './create-api-client';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP peer whose answers each test chooses. */
describe('createApiClient against a local HTTP server', () => {
  let server: Server;
  let baseUrl: string;
  let handler: Handler = (_req, res) => res.end();
  const seen: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  it('maps a server error envelope to code = status, the server message and the string code', async () => {
    handler = (_req, res) =>
      json(res, 401, {
        success: false,
        error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue' },
      });
    const client = createApiClient({ baseUrl });
    const error = await client.api.users.getProfile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 401,
      status: 401,
      errorCode: 'UNAUTHENTICATED',
      message: 'Please sign in to continue',
    });
  });

  it("answers 'Server error occurred' when the server sent no message", async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    const error = await createApiClient({ baseUrl })
      .api.system.health()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 502, message: 'Server error occurred' });
  });

  it('answers NETWORK_ERROR when nothing listens, and on time-out', async () => {
    const closed = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1', productName: 'BookTranslate' });
    await expect(closed.api.system.health()).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Unable to connect to BookTranslate servers. Please try again in a few moments.',
    });
    handler = () => {}; // never answers
    const slow = createApiClient({ baseUrl, timeoutMs: 100 });
    await expect(slow.api.system.health()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('answers UNKNOWN_ERROR for a 200 that is not JSON', async () => {
    handler = (_req, res) => res.end('not json');
    await expect(createApiClient({ baseUrl }).api.system.health()).rejects.toMatchObject({
      code: 'UNKNOWN_ERROR',
    });
  });

  it('merges identical GETs in flight but never writes', async () => {
    handler = (req, res) => {
      if (req.url?.startsWith('/api/v1/auth/csrf/')) {
        return json(res, 200, { csrf_token: 'tok' }, { 'set-cookie': 'csrf_token=tok; Path=/' });
      }
      setTimeout(() => json(res, 200, { success: true }), 50);
    };
    const client = createApiClient({ baseUrl });
    seen.length = 0;
    const [a, b, c] = await Promise.all([
      client.request(routes.system.dashboardStats),
      client.request(routes.system.dashboardStats),
      client.request(routes.system.publicConfig),
    ]);
    expect(a).toBe(b);
    expect(c).toEqual({ success: true });
    expect(seen.map((request) => request.url)).toEqual(['/api/v1/dashboard/stats', '/api/v1/config/public']);

    seen.length = 0;
    await Promise.all([client.api.auth.logout(), client.api.auth.logout()]);
    const writes = seen.filter((request) => request.method === 'POST');
    expect(writes).toHaveLength(2);
    expect(writes.every((request) => request.headers['x-csrf-token'] === 'tok')).toBe(true);
    expect(writes[0]?.headers.cookie).toContain('csrf_token=tok');
  });

  it('uploads a file as multipart with its fields, the CSRF header and a final progress event', async () => {
    let received = '';
    let contentType = '';
    let csrf: string | undefined;
    handler = (req, res) => {
      if (req.url?.startsWith('/api/v1/auth/csrf/')) {
        return json(res, 200, { csrf_token: 'up' }, { 'set-cookie': 'csrf_token=up; Path=/' });
      }
      contentType = req.headers['content-type'] ?? '';
      csrf = req.headers['x-csrf-token'] as string | undefined;
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        received += chunk;
      });
      req.on('end', () => json(res, 201, { book: { id: 'b1' } }));
    };
    const progress: number[] = [];
    const route = {
      method: 'POST',
      path: '/books/',
      summary: 'x',
      auth: true,
      bodyType: 'multipart',
      response: routes.system.health.response,
    } as const;
    const answer = await createApiClient({ baseUrl }).upload(route as never, {
      file: new Blob(['Once upon a time'], { type: 'text/plain' }),
      fileName: 'tale.txt',
      fields: { target_language: 'es' },
      onProgress: (p) => progress.push(p.percent),
    });
    expect(answer).toEqual({ book: { id: 'b1' } });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(csrf).toBe('up');
    expect(received).toContain('name="target_language"');
    expect(received).toContain('filename="tale.txt"');
    expect(received).toContain('Once upon a time');
    expect(progress).toEqual([100]);
  });

  it('downloads a blob with the Content-Disposition file name', async () => {
    handler = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/epub+zip',
        'content-disposition':
          'attachment; filename="fallback.epub"; filename*=UTF-8\'\'Caf%C3%A9%20book.epub',
      });
      res.end('PK-bytes');
    };
    const route = {
      method: 'GET',
      path: '/files/:id/',
      summary: 'x',
      auth: true,
      response: routes.system.health.response,
    } as const;
    const result = await createApiClient({ baseUrl }).download(
      route as never,
      {
        params: { id: 'f1' },
        fallbackName: 'translation_f1.epub',
      } as never,
    );
    expect(result.filename).toBe('Café book.epub');
    expect(await result.blob.text()).toBe('PK-bytes');
  });

  it('in a browser, after CSRF_FAILED asks the server for a token instead of resending the stale cookie', async () => {
    // Tokens are bound to the session: a sign-in elsewhere can leave this page an old cookie.
    const doc = { cookie: 'csrf_token=old' };
    (globalThis as { document?: unknown }).document = doc;
    try {
      const tokens: (string | undefined)[] = [];
      handler = (req, res) => {
        if (req.url?.startsWith('/api/v1/auth/csrf/')) {
          doc.cookie = 'csrf_token=fresh'; // what the browser does with the answer's Set-Cookie
          return json(res, 200, { csrf_token: 'fresh' });
        }
        const token = req.headers['x-csrf-token'] as string | undefined;
        tokens.push(token);
        if (token !== 'fresh') {
          return json(res, 403, {
            success: false,
            error: { code: 'CSRF_FAILED', message: 'Missing or invalid CSRF token' },
          });
        }
        return json(res, 200, { success: true });
      };
      const client = createApiClient({ baseUrl, cookieJar: false });
      await expect(client.api.auth.logout()).resolves.toEqual({ success: true });
      expect(tokens).toEqual(['old', 'fresh']);
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });
});
