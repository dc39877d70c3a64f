import { mkdirSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/books';
import { creditLedger } from '../../db/schema/credits';
import { multipartBody, uploadBook } from '../../testing/books-test-kit';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { type InjectClient, injectClient } from '../../testing/inject-client';
import { creditsRepository } from '../credits/credits.repository';
import { storageLimitBytes } from './storage-quota';

const MB = 1024 * 1024;
const FREE_LIMIT = storageLimitBytes('free');
const story = new TextEncoder().encode(
  'Chapter One\n\nIt was a bright cold day in April, and the clocks were striking thirteen.\n\nThe end came soon.\n',
);

describe('the storage quota of a user', () => {
  let t: TestApp;
  let port: number;
  let users = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  /** A signed-in user whose stored books already take `storedBytes`. */
  async function userWith(storedBytes: number): Promise<{ id: string; client: InjectClient }> {
    const client = injectClient(t.app);
    await client.csrf();
    const response = await client.post('/auth/register/', {
      email: `quota${++users}@example.com`,
      password: 'correct horse battery',
    });
    expect(response.statusCode).toBe(201);
    const id: string = response.json().user.id;
    await creditsRepository.record(t.handle.db, {
      userId: id,
      tier: 'READER',
      amount: 2,
      reason: 'test',
      sourceId: `test:${id}`,
    });
    await t.handle.db.insert(books).values({
      userId: id,
      title: 'Earlier books',
      originalFormat: 'epub',
      originalFilename: 'earlier.epub',
      originalKey: `originals/earlier-${id}`,
      fileSize: storedBytes,
    });
    return { id, client };
  }

  /** What an upload may leave behind: stored files, book rows, credits. */
  async function traces(userId: string) {
    mkdirSync(t.deps.config.storage.localDir, { recursive: true });
    const files = readdirSync(t.deps.config.storage.localDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    const [b] = await t.handle.db.select({ n: count() }).from(books).where(eq(books.userId, userId));
    const [c] = await t.handle.db
      .select({ n: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return { files: files.length, books: Number(b?.n), credits: Number(c?.n) };
  }

  it('refuses a book past the plan storage with 413, saying how much is used and what to do, leaving nothing', async () => {
    const user = await userWith(FREE_LIMIT - 50);
    const before = await traces(user.id);
    const response = await uploadBook(user.client, { name: 'story.txt', bytes: story });
    expect(response.statusCode).toBe(413);
    const { error } = response.json();
    expect(error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(error.message).toMatch(/take 500 MB of your 500 MB of storage/);
    expect(error.message).toMatch(/Delete books you no longer need/);
    expect(error.details).toEqual({
      used_bytes: FREE_LIMIT - 50,
      limit_bytes: FREE_LIMIT,
      file_bytes: story.length,
    });
    expect(await traces(user.id)).toEqual(before);
  });

  it('refuses from the declared length alone, before the client sends the file', async () => {
    const user = await userWith(FREE_LIMIT - 10 * MB);
    const cookie = [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        'POST /api/v1/books/ HTTP/1.1',
        `host: 127.0.0.1:${port}`,
        'content-type: multipart/form-data; boundary=----btQuota',
        `content-length: ${50 * MB}`,
        `cookie: ${cookie}`,
        `x-csrf-token: ${user.client.cookies.get('csrf_token')}`,
        '',
        '',
      ].join('\r\n'),
    );
    const deadline = Date.now() + 5000;
    while (!answer.includes('STORAGE_QUOTA_EXCEEDED') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('STORAGE_QUOTA_EXCEEDED');
  });

  it('no longer counts an original that was deleted', async () => {
    const user = await userWith(FREE_LIMIT - 50);
    await t.handle.db.update(books).set({ originalDeletedAt: new Date() }).where(eq(books.userId, user.id));
    const response = await uploadBook(user.client, { name: 'story.txt', bytes: story });
    expect(response.statusCode).toBe(201);
    const usage = await user.client.get('/billing/usage/');
    expect(usage.json()).toMatchObject({ storageUsed: story.length, storageLimit: FREE_LIMIT });
  });

  it('refuses a direct-upload grant past the storage, and a claim that no longer fits, leaving nothing', async () => {
    const full = await userWith(FREE_LIMIT - MB);
    const refused = await full.client.post('/upload/presigned-url/', {
      filename: 'big.epub',
      file_size: 2 * MB,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');

    const user = await userWith(FREE_LIMIT - 1000);
    const grant = await user.client.post('/upload/presigned-url/', { filename: 'story.txt', file_size: 500 });
    expect(grant.statusCode).toBe(200);
    const { upload_url: url, fields, upload_key: key } = grant.json();
    const body = multipartBody(fields, { name: 'story.txt', bytes: story });
    const sent = await t.app.inject({
      method: 'POST',
      url: new URL(url, 'http://x').pathname,
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
    expect(sent.statusCode).toBe(204);
    // Another book took the room in the meantime.
    await t.handle.db
      .update(books)
      .set({ fileSize: FREE_LIMIT - 100 })
      .where(eq(books.userId, user.id));
    const before = await traces(user.id);
    const claim = await user.client.post('/books/', {
      upload_key: key,
      filename: 'story.txt',
      target_language: 'es',
    });
    expect(claim.statusCode).toBe(413);
    expect(claim.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(await t.deps.storage.stat(key)).toBeNull();
    expect(await traces(user.id)).toEqual({ ...before, files: before.files - 1 });
  });
});
