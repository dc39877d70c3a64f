import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionFamilies } from '../../../db/schema/sessions';
import { translations } from '../../../db/schema/translations';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { type InjectClient, injectClient } from '../../../testing/inject-client';
import { seedBook, seedTranslation } from '../../../testing/seed-rows';
import { translationsRepository } from '../translations.repository';

const PER_USER = 50;
const TICK_MS = 50;
const password = 'correct horse battery';

/** One progress stream read over real HTTP, as a browser's EventSource would. */
interface Stream {
  status: number;
  /** Everything received so far (or the error body of a refused stream). */
  text: string;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

describe('live progress streams: one poll per process, a limit per user, ended with the session', () => {
  let t: TestApp;
  let base = '';
  const open: Stream[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      eventIntervalMs: TICK_MS,
      env: { PROGRESS_STREAMS_PER_USER: String(PER_USER) },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(() => t?.close());

  async function signUp() {
    const client = injectClient(t.app);
    await client.csrf();
    const email = `reader-${randomUUID()}@example.com`;
    const response = await client.post('/auth/register/', { email, password });
    expect(response.statusCode).toBe(201);
    return { client, email, userId: response.json().user.id as string };
  }
  /** Another browser of the same account: a second session. */
  async function signIn(email: string) {
    const client = injectClient(t.app);
    await client.csrf();
    expect((await client.post('/auth/login/', { email, password })).statusCode).toBe(200);
    return client;
  }
  async function runningTranslation(userId: string): Promise<string> {
    const bookId = await seedBook(t.handle.db, userId);
    return seedTranslation(t.handle.db, { userId, bookId }, { status: 'translating', wordsTotal: 1000 });
  }

  async function stream(client: InjectClient, translationId: string): Promise<Stream> {
    const controller = new AbortController();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${base}/api/v1/translations/${translationId}/events/`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const s: Stream = { status: response.status, text: '', ended: Promise.resolve(), close: () => {} };
    if (response.status !== 200) {
      s.text = await response.text();
      return s;
    }
    s.close = () => controller.abort();
    s.ended = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as AsyncIterable<Uint8Array>)
          s.text += decoder.decode(chunk, { stream: true });
      } catch {
        // Closed by the test.
      }
    })();
    open.push(s);
    return s;
  }
  const endsWithin = (s: Stream, ms: number) =>
    Promise.race([s.ended.then(() => true), sleep(ms).then(() => false)]);
  const progressEvents = (s: Stream) =>
    [...s.text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] as string));
  async function until(ok: () => boolean | Promise<boolean>, ms: number): Promise<void> {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(TICK_MS)) if (await ok()) return;
    throw new Error('condition not reached');
  }

  it(`refuses a user's stream past ${PER_USER} with 429 before it starts; other users are not held`, async () => {
    const a = await signUp();
    const id = await runningTranslation(a.userId);
    const first = await Promise.all(Array.from({ length: PER_USER }, () => stream(a.client, id)));
    expect(first.map((s) => s.status)).toEqual(Array(PER_USER).fill(200));

    const refused = await stream(a.client, id);
    expect(refused.status).toBe(429);
    const body = JSON.parse(refused.text);
    expect(body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(body.error.details.retry_after_s).toBeGreaterThan(0);

    const b = await signUp();
    const other = await stream(b.client, await runningTranslation(b.userId));
    expect(other.status).toBe(200);

    // A closed stream frees its place.
    first[0]?.close();
    let again: Stream | undefined;
    await until(async () => {
      again = await stream(a.client, id);
      return again.status === 200;
    }, 5000);
    expect(again?.status).toBe(200);
  }, 60_000);

  it('50 streams of one translation cost one read per tick and all get the same snapshot', async () => {
    const { client, userId } = await signUp();
    const id = await runningTranslation(userId);
    const streams = await Promise.all(Array.from({ length: 50 }, () => stream(client, id)));
    await until(() => streams.every((s) => progressEvents(s).length > 0), 5000);

    // Every query of the translations table the streams make while they stay open.
    const spies = Object.keys(translationsRepository).map((name) =>
      vi.spyOn(translationsRepository, name as keyof typeof translationsRepository),
    );
    const window = 1000;
    let reads = 0;
    try {
      await sleep(window / 2);
      await t.handle.db.update(translations).set({ wordsDone: 420 }).where(eq(translations.id, id));
      await sleep(window / 2);
      reads = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(reads).toBeLessThanOrEqual(window / TICK_MS + 2);
    await until(() => streams.every((s) => progressEvents(s).at(-1)?.progress === 42), 5000);

    await t.handle.db.update(translations).set({ status: 'completed' }).where(eq(translations.id, id));
    const ended = await Promise.all(streams.map((s) => endsWithin(s, 2000)));
    expect(ended.every(Boolean)).toBe(true);
    expect(streams.every((s) => progressEvents(s).at(-1)?.status === 'completed')).toBe(true);
  }, 60_000);

  it("logout ends that session's streams at once; the account's other session keeps its own", async () => {
    const { client, email, userId } = await signUp();
    const id = await runningTranslation(userId);
    const laptop = await signIn(email);
    const mine = await stream(client, id);
    const theirs = await stream(laptop, id);
    expect([mine.status, theirs.status]).toEqual([200, 200]);

    expect((await client.post('/auth/logout/')).statusCode).toBe(200);
    expect(await endsWithin(mine, 4 * TICK_MS)).toBe(true);
    expect(await endsWithin(theirs, 10 * TICK_MS)).toBe(false);
  }, 30_000);

  it('a password reset ends the streams of every session of the account', async () => {
    const { client, email, userId } = await signUp();
    const id = await runningTranslation(userId);
    const phone = await signIn(email);
    const streams = [await stream(client, id), await stream(phone, id)];
    const other = await signUp();
    const bystander = await stream(other.client, await runningTranslation(other.userId));

    const anonymous = injectClient(t.app);
    await anonymous.csrf();
    expect((await anonymous.post('/auth/password-reset/', { email })).statusCode).toBe(202);
    const token = await resetToken(email);
    const confirmed = await anonymous.post('/auth/password-reset/confirm/', {
      token,
      password: 'a brand new passphrase',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await Promise.all(streams.map((s) => endsWithin(s, 4 * TICK_MS)))).toEqual([true, true]);
    expect(await endsWithin(bystander, 4 * TICK_MS)).toBe(false);
  }, 30_000);

  it('deleting the account ends its streams', async () => {
    const { client, email, userId } = await signUp();
    const id = await runningTranslation(userId);
    const tablet = await signIn(email);
    const streams = [await stream(client, id), await stream(tablet, id)];
    expect((await client.request('DELETE', '/users/profile/')).statusCode).toBe(200);
    expect(await Promise.all(streams.map((s) => endsWithin(s, 4 * TICK_MS)))).toEqual([true, true]);
  }, 30_000);

  it('a session revoked by another API process ends its streams within the session re-check', async () => {
    const { client, userId } = await signUp();
    const s = await stream(client, await runningTranslation(userId));
    // Straight in the database, as another process's logout is: this process hears nothing of it.
    await t.handle.db
      .update(sessionFamilies)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(eq(sessionFamilies.userId, userId));
    // The active-session cache remembers for 2 s; sessions are re-checked every fifth tick.
    expect(await endsWithin(s, 2000 + 10 * TICK_MS + 1000)).toBe(true);
  }, 30_000);

  /** The token of the latest reset mail to `to` (sent after the answer, so waited for). */
  async function resetToken(to: string): Promise<string> {
    const dir = t.deps.config.mail.outboxDir;
    for (let i = 0; i < 100; i++) {
      const names = (await readdir(dir).catch(() => [] as string[])).sort();
      for (const name of names.reverse()) {
        const mail = await readFile(join(dir, name), 'utf8');
        if (!mail.includes(`To: ${to}`) || !mail.includes('Reset your')) continue;
        const token = mail
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
          .match(/\/reset-password#token=([\w-]+)/)?.[1];
        if (token) return token;
      }
      await sleep(20);
    }
    throw new Error(`no reset mail for ${to}`);
  }
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
