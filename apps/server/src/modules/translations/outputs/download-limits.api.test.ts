import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type PipelineHarness,
  startPipelineHarness,
  type TestUser,
} from '../../../testing/pipeline-test-kit';
import { translatedReaderBook } from '../../../testing/reader-books';
import { rewriteUnderLease } from './refresh-outputs';

const EDIT = 'El río estaba <g1>muy</g1> alto aquella <g2>fría</g2> mañana del valle.';
const LIMIT = 6;

describe('downloads of translated files: a budget per user, one rewrite at a time', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 }, env: { DOWNLOADS_PER_MINUTE: String(LIMIT) } });
  }, 120_000);
  afterAll(() => h?.close());
  afterEach(() => vi.restoreAllMocks());

  const download = (user: TestUser, id: string, format = 'txt') =>
    user.client.get(`/translations/${id}/download-file/?file_format=${format}`);
  const edit = (user: TestUser, id: string, text = EDIT) =>
    user.client.request('PUT', `/translations/${id}/passages/c1.b2/`, { body: { target: text } });
  /** Files the rewrites of `id` wrote (a rewrite writes all four). */
  const rewrittenFiles = (put: { mock: { calls: unknown[][] } }, id: string) =>
    put.mock.calls.filter(([key]) => String(key).startsWith(`translations/${id}/`)).length;

  it(`answers 429 with retry_after_s past ${LIMIT} downloads a minute, counting each user apart`, async () => {
    const { owner, id } = await translatedReaderBook(h);
    for (let i = 0; i < LIMIT; i++) expect((await download(owner, id)).statusCode).toBe(200);
    const refused = await download(owner, id, 'epub');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    const retryAfter = refused.json().error.details.retry_after_s;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another user from the same address has a budget of their own: the route itself answers (404).
    const stranger = await h.newUser();
    expect((await download(stranger, id)).statusCode).toBe(404);
  }, 60_000);

  it('rewrites the files once for a burst of downloads after an edit, and each has the edit', async () => {
    const { owner, id } = await translatedReaderBook(h);
    expect((await edit(owner, id)).statusCode).toBe(200);
    const put = vi.spyOn(h.storage, 'put');
    const burst = await Promise.all(
      ['txt', 'txt', 'fb2', 'epub'].map((format) => download(owner, id, format)),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(burst[0]!.body).toContain('aquella fría mañana');
    expect(rewrittenFiles(put, id)).toBe(4);
  }, 60_000);

  it('lets one process rewrite while another waits for its files (no parallel rewrites)', async () => {
    const { owner, id } = await translatedReaderBook(h);
    expect((await edit(owner, id)).statusCode).toBe(200);
    const put = vi.spyOn(h.storage, 'put');
    const deps = { db: h.handle.db, files: h.storage };
    // Two callers without the in-process sharing, as two API processes are.
    const [first, second] = await Promise.all([rewriteUnderLease(deps, id), rewriteUnderLease(deps, id)]);
    expect(rewrittenFiles(put, id)).toBe(4);
    expect(first.outputs).toEqual(second.outputs);
    expect(first.outputsRevision).toBe(first.editsRevision);
    // The lease was given back: the next edit is written by the next caller at once.
    expect((await edit(owner, id, `${EDIT} Otra vez.`)).statusCode).toBe(200);
    const again = await rewriteUnderLease(deps, id);
    expect(again.outputsRevision).toBe(again.editsRevision);
    expect(rewrittenFiles(put, id)).toBe(8);
  }, 60_000);
});
