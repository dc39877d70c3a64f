import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { injectClient } from '../../testing/inject-client';
import { seedBookWithCover } from '../../testing/seed-rows';

const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

describe('signed links: never logged, dead with their account', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp({ logStream });
  }, 60_000);
  afterAll(() => t?.close());

  async function userWithBook() {
    const client = injectClient(t.app);
    await client.csrf();
    const email = `links-${Date.now()}-${Math.random()}@example.com`;
    const registered = await client.post('/auth/register/', { email, password: 'correct horse battery' });
    const userId = registered.json().user.id as string;
    const storage = t.deps.storage;
    const bookId = await seedBookWithCover(t.handle.db, userId);
    await storage.put(`originals/${userId}`, new TextEncoder().encode('hello'), {
      contentType: 'text/plain',
    });
    await storage.put(`covers/${userId}`, PNG, { contentType: 'image/png' });
    const cover = (await client.get(`/books/${bookId}/`)).json().cover_url as string;
    const original = (await client.get(`/books/${bookId}/download-original/`)).json().downloadUrl as string;
    return { client, cover, original };
  }
  const fetchLink = (link: string) => t.app.inject({ method: 'GET', url: link });

  it('gives root-relative links, so covers load whatever host name the page was opened with', async () => {
    const { cover, original } = await userWithBook();
    expect(cover).toMatch(/^\/api\/v1\/storage\/download\?/);
    expect(original).toMatch(/^\/api\/v1\/storage\/download\?/);
  });

  it('logs a signed link without its signature, also when it is refused', async () => {
    const { cover } = await userWithBook();
    const sig = new URL(cover, 'http://any.host').searchParams.get('sig')!;
    expect(sig.length).toBeGreaterThan(20);
    expect((await fetchLink(cover)).statusCode).toBe(200);
    const forged = cover.replace(`sig=${sig}`, `sig=${sig.slice(0, -2)}xx`);
    expect((await fetchLink(forged)).statusCode).toBe(403);
    const lines = logs.filter((line) => line.includes('/storage/download'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain(sig);
      expect(line).not.toContain(sig.slice(0, -2));
    }
    expect(lines.some((line) => line.includes('sig=[redacted]'))).toBe(true);
  });

  it('serves an SVG cover as an image that draws its styles and runs no script', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    const registered = await client.post('/auth/register/', {
      email: `svg-${Date.now()}@example.com`,
      password: 'correct horse battery',
    });
    const userId = registered.json().user.id as string;
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
    await t.deps.storage.put(`covers/${userId}.svg`, svg, { contentType: 'image/svg+xml' });
    const bookId = await seedBookWithCover(t.handle.db, userId, `covers/${userId}.svg`);
    const cover = (await client.get(`/books/${bookId}/`)).json().cover_url as string;
    const response = await fetchLink(cover);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, max-age=3600, immutable');
  });

  it('stops every signed link of an account the moment it is deleted', async () => {
    const { client, cover, original } = await userWithBook();
    expect((await fetchLink(cover)).statusCode).toBe(200);
    expect((await fetchLink(original)).statusCode).toBe(200);
    expect((await client.request('DELETE', '/users/profile/')).statusCode).toBe(200);
    expect((await fetchLink(cover)).statusCode).toBe(404);
    expect((await fetchLink(original)).statusCode).toBe(404);
  });
});
