import { reviewExpiredReason } from '@booktranslate/contract';
import { reverseWords } from '@booktranslate/testkit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../../../db/schema/translations';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';
import { creditsRepository } from '../../credits/credits.repository';
import { expireGlossaryReviews } from './expire-glossary-reviews';

const text = [
  'The river ran high, and later Mara walked down to the old mill by the bridge.',
  'The bells rang at noon, and then Mara came home across the wet fields.',
  'Nobody in the village could remember a spring as cold as this one.',
].join('\n\n');

async function statusOf(user: Awaited<ReturnType<PipelineHarness['newUser']>>, id: string) {
  const deadline = Date.now() + 30_000;
  let status = '';
  while (Date.now() < deadline) {
    status = (await user.client.get(`/translations/${id}/`)).json().status;
    if (status === 'reviewing' || status === 'completed' || status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  return status;
}

describe('"review the glossary first": the run waits after the analysis until the user continues', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  it('stops a review left waiting past its hours with the credit back, and leaves a recent one', async () => {
    const user = await h.newUser({ READER: 2 });
    const start = async () => {
      const upload = await user.upload('mara.txt', new TextEncoder().encode(text), {
        target_language: 'es',
        review_glossary: 'true',
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const id = upload.json().data.translation.id as string;
      expect(await statusOf(user, id)).toBe('reviewing');
      return id;
    };
    const [old, recent] = [await start(), await start()];
    expect((await creditsRepository.balances(h.handle.db, user.userId)).READER).toBe(0);
    // The first was last changed eight days ago; the second an hour ago.
    const ago = (hours: number) => sql`now() - make_interval(hours => ${hours})`;
    await h.handle.db
      .update(translations)
      .set({ updatedAt: ago(8 * 24) })
      .where(eq(translations.id, old));
    await h.handle.db
      .update(translations)
      .set({ updatedAt: ago(1) })
      .where(eq(translations.id, recent));

    expect(await expireGlossaryReviews({ db: h.handle.db, clock: { now: () => new Date() } }, 7 * 24)).toBe(
      1,
    );
    const stopped = (await user.client.get(`/translations/${old}/`)).json();
    expect(stopped).toMatchObject({ status: 'failed', failure_reason: reviewExpiredReason(168) });
    expect(stopped.failure_reason).toContain('7 days');
    expect((await user.client.get(`/translations/${recent}/`)).json().status).toBe('reviewing');
    expect((await creditsRepository.balances(h.handle.db, user.userId)).READER).toBe(1);
    // Run again: nothing more to stop, the credit is given back once.
    expect(await expireGlossaryReviews({ db: h.handle.db, clock: { now: () => new Date() } }, 7 * 24)).toBe(
      0,
    );
    expect((await creditsRepository.balances(h.handle.db, user.userId)).READER).toBe(1);
  });

  it('stops in reviewing with the whole-book terms, translates with the edited glossary after continue', async () => {
    const user = await h.newUser({ READER: 1 });
    const upload = await user.upload('mara.txt', new TextEncoder().encode(text), {
      target_language: 'es',
      review_glossary: 'true',
    });
    expect(upload.statusCode).toBe(201);
    const id = upload.json().data.translation.id as string;
    expect(await statusOf(user, id)).toBe('reviewing');
    const requestsWhileWaiting = h.llm.stats().requests;
    await new Promise((r) => setTimeout(r, 600));
    expect(h.llm.stats().requests).toBe(requestsWhileWaiting);

    const { brief } = (await user.client.get(`/translations/${id}/brief/`)).json();
    expect(brief.glossary.find((e: { source: string }) => e.source === 'Mara')).toMatchObject({ count: 2 });
    const glossary = brief.glossary.map((e: { source: string }) =>
      e.source === 'Mara' ? { ...e, target: 'Marah' } : e,
    );
    expect(
      (await user.client.request('PUT', `/translations/${id}/brief/`, { body: { ...brief, glossary } }))
        .statusCode,
    ).toBe(200);
    const other = await h.newUser();
    expect((await other.client.post(`/translations/${id}/continue/`, {})).statusCode).toBe(404);

    const resumed = await user.client.post(`/translations/${id}/continue/`, {});
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().status).toBe('translating');
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    expect((await user.client.post(`/translations/${id}/continue/`, {})).statusCode).toBe(409);
    const report = (await user.client.get(`/translations/${id}/report/`)).json();
    // The fake keeps writing "araM"; the glossary the user set asks for "Marah": every use is flagged.
    expect(report.glossary.terms).toContainEqual({
      term: 'Mara',
      expected: 'Marah',
      blocks: 2,
      compliant: 0,
    });
    expect(report.glossary.violations[0]).toMatchObject({ found: reverseWords('Mara') });
  }, 120_000);
});
