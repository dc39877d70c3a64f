import { noCreditsMessage } from '@booktranslate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../testing/books-test-kit';
import { type LocalS3, startLocalS3 } from '../../testing/local-s3';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';
import { sweepUploads } from './sweep-uploads';

const text = (s: string) => new TextEncoder().encode(s);
const story = text(
  'Chapter One\n\nIt was a bright cold day in April, and the clocks were striking thirteen.\n\nThe end came soon.\n',
);
const swapped = text('Chapter One\n\nSomething else entirely, sent after the book was created from it.\n');
const limits = { UPLOAD_GRANTS_PER_USER: '2', UPLOAD_GRANT_MB_PER_USER: '1' };

interface Driver {
  name: string;
  env(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const local: Driver = { name: 'local disk', env: async () => limits, close: async () => {} };
const s3 = (() => {
  let server: LocalS3 | undefined;
  return {
    name: 'S3 (s3rver)',
    async env() {
      server = await startLocalS3();
      return { ...limits, ...server.env };
    },
    async close() {
      await server?.close();
    },
  } satisfies Driver;
})();

describe.each([local, s3])('direct-upload grants on $name', (driver) => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 }, env: await driver.env() });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await driver.close();
  });

  const ask = (user: TestUser, size: number) =>
    user.client.post('/upload/presigned-url/', { filename: 'story.txt', file_size: size });

  /** Sends the file as a browser does: multipart POST to upload_url with the grant's fields. */
  async function send(grant: { upload_url: string; fields: Record<string, string> }, bytes: Uint8Array) {
    const url = new URL(grant.upload_url, 'http://any.host');
    if (url.pathname.startsWith('/api/v1/storage/')) {
      const body = multipartBody(grant.fields, { name: 'story.txt', bytes });
      const response = await h.app.inject({
        method: 'POST',
        url: url.pathname,
        payload: body.payload,
        headers: { 'content-type': body.contentType },
      });
      return response.statusCode;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob([bytes]), 'story.txt');
    return (await fetch(grant.upload_url, { method: 'POST', body: form })).status;
  }

  it('grants only to a user with a credit', async () => {
    const user = await h.newUser({}, { signupCredits: false });
    const refused = await ask(user, story.length);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('INSUFFICIENT_CREDITS');
    expect(refused.json().error.message).toBe(noCreditsMessage);
  });

  it('caps the unclaimed grants of a user and their bytes, saying why', async () => {
    const user = await h.newUser({ READER: 1 });
    expect((await ask(user, 600_000)).statusCode).toBe(200);
    const tooBig = await ask(user, 600_000);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.details).toMatchObject({ reason: 'pending-upload-bytes' });
    expect((await ask(user, 1000)).statusCode).toBe(200);
    const tooMany = await ask(user, 1000);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { reason: 'pending-uploads', limit: 2 },
    });
    expect(tooMany.json().error.message).toContain('uploads waiting');
  });

  it('is spent by the book it creates: a second claim fails and a later upload swaps nothing', async () => {
    const user = await h.newUser({ READER: 2 }, { signupCredits: false });
    const grant = (await ask(user, story.length)).json();
    const early = await user.client.post('/books/', {
      upload_key: grant.upload_key,
      filename: 'story.txt',
      target_language: 'es',
    });
    expect(early.statusCode).toBe(404);
    expect(await send(grant, story)).toBeLessThan(300);
    const claim = () =>
      user.client.post('/books/', {
        upload_key: grant.upload_key,
        filename: 'story.txt',
        target_language: 'fr',
      });
    const created = await claim();
    expect(created.statusCode).toBe(201);
    const book = created.json().data.book;
    expect(await h.storage.stat(grant.upload_key)).toBeNull();

    // The grant's policy is still valid at the store, but what the book holds no longer moves.
    expect(await send(grant, swapped.subarray(0, story.length))).toBeLessThan(300);
    const second = await claim();
    expect(second.statusCode).toBe(409);
    const link = (await user.client.get(`/books/${book.id}/download-original/`)).json().downloadUrl as string;
    const original =
      h.storage.driver === 'local'
        ? (await h.app.inject({ url: link })).rawPayload
        : Buffer.from(await (await fetch(link)).arrayBuffer());
    expect(new Uint8Array(original)).toEqual(story);
    expect((await user.client.get('/users/profile/')).json().available_credits).toBe(1);

    // The sweeper takes what was sent after the claim once the grant has expired.
    const later = { now: () => new Date(Date.now() + 2 * 3600_000) };
    expect(await sweepUploads({ db: h.handle.db, storage: h.storage, clock: later })).toBeGreaterThan(0);
    expect(await h.storage.list(`uploads/${user.userId}/`)).toEqual([]);
  });

  it('sweeps unclaimed uploads after their grant expires, and frees the user to ask again', async () => {
    const user = await h.newUser({ READER: 1 });
    const first = (await ask(user, story.length)).json();
    const second = (await ask(user, story.length)).json();
    expect(await send(first, story)).toBeLessThan(300);
    expect(await send(second, story)).toBeLessThan(300);
    expect((await ask(user, story.length)).statusCode).toBe(429);
    const now = { now: () => new Date() };
    await sweepUploads({ db: h.handle.db, storage: h.storage, clock: now });
    expect(await h.storage.list(`uploads/${user.userId}/`)).toHaveLength(2);
    const later = { now: () => new Date(Date.now() + 2 * 3600_000) };
    await sweepUploads({ db: h.handle.db, storage: h.storage, clock: later });
    expect(await h.storage.list(`uploads/${user.userId}/`)).toEqual([]);
    const gone = await user.client.post('/books/', {
      upload_key: first.upload_key,
      filename: 'story.txt',
      target_language: 'es',
    });
    expect(gone.statusCode).toBe(404);
    expect((await ask(user, story.length)).statusCode).toBe(200);
  });
});
