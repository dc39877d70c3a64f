import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusDir, corpusMissingReason, reverseWords } from '@booktranslate/testkit';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../../db/schema/credits';
import { translationChunks } from '../../db/schema/translation-blocks';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';

const missing = corpusMissingReason();
if (missing) console.warn(missing);

const ESTHER = 'la-liber-esther-gutenberg-epub2-ncx-cover.epub';

describe.skipIf(missing)(
  'translation lifecycle: Free credits, failures, cancel, retry, brief, events',
  () => {
    let h: PipelineHarness;
    let esther: Uint8Array;
    beforeAll(async () => {
      h = await startPipelineHarness({ llm: { latencyMs: 0 }, concurrency: 2 });
      esther = new Uint8Array(await readFile(path.join(corpusDir, ESTHER)));
    }, 120_000);
    afterAll(() => h?.close());

    const balance = async (user: TestUser) => {
      const [row] = await h.handle.db
        .select({ n: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, user.userId));
      return Number(row?.n);
    };
    const waitFor = async (
      user: TestUser,
      id: string,
      ok: (t: { status: string; progress: number }) => boolean,
    ) => {
      for (let i = 0; i < 600; i++) {
        const t = (await user.client.get(`/translations/${id}/`)).json();
        if (ok(t)) return t;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('state not reached');
    };

    it('a Free credit translates the first 5,000 words, says so on the first page, and streams progress', async () => {
      const user = await h.newUser();
      const upload = (await user.upload(ESTHER, esther)).json().data;
      expect(upload.translation).toMatchObject({ credit_tier: 'FREE', word_limit: 5000 });
      const events = user.client.get(`/translations/${upload.translation.id}/events/`);
      const seen = await h.followStatuses(user, upload.translation.id);
      expect(seen.at(-1)).toBe('completed');
      const stream = await events;
      expect(stream.headers['content-type']).toContain('text/event-stream');
      const progress = [...stream.body.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] as string));
      expect(progress.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
      expect(progress.length).toBeGreaterThan(1);

      const done = (await user.client.get(`/translations/${upload.translation.id}/`)).json();
      expect(done.words_total).toBeGreaterThan(3000);
      expect(done.words_total).toBeLessThanOrEqual(5000);
      expect(upload.book.word_count).toBeGreaterThan(5000);
      const txt = (
        await user.client.get(`/translations/${upload.translation.id}/download-file/?file_format=txt`)
      ).body;
      expect(txt.slice(0, 2000)).toMatch(/first 5,000 of [\d,]+ words/);
      const paragraphs = txt.split(/\n\s*\n/).filter((p) => /\p{L}{4}/u.test(p));
      const last = paragraphs.at(-1) as string;
      // The end of the book stays in the source language: it reads the same, not reversed.
      expect(reverseWords(last)).not.toBe(last);
      const source = (await h.sourceTexts(ESTHER)).has(last.replace(/\s+/g, ' ').trim());
      expect(source).toBe(true);
    }, 120_000);

    it('a provider failure fails the translation with a reason and gives the credit back', async () => {
      const user = await h.newUser({ READER: 1 });
      const before = await balance(user);
      h.llm.configure({ insufficientQuota: true });
      try {
        const { translation } = (await user.upload(ESTHER, esther)).json().data;
        expect(await balance(user)).toBe(before - 1);
        const seen = await h.followStatuses(user, translation.id);
        expect(seen.at(-1)).toBe('failed');
        const failed = (await user.client.get(`/translations/${translation.id}/`)).json();
        expect(failed.failure_reason).toMatch(/quota/i);
        expect(await balance(user)).toBe(before);
      } finally {
        h.llm.configure({ insufficientQuota: false });
      }
    }, 60_000);

    it('a cancel before translating gives the credit back', async () => {
      const user = await h.newUser({ READER: 1 });
      const before = await balance(user);
      h.llm.configure({ latencyMs: 3000 });
      try {
        const { translation } = (await user.upload(ESTHER, esther)).json().data;
        await waitFor(user, translation.id, (t) => t.status === 'analyzing');
        const canceled = await user.client.request('POST', `/translations/${translation.id}/cancel/`);
        expect(canceled.statusCode).toBe(200);
        expect(canceled.json().status).toBe('canceled');
        expect(await balance(user)).toBe(before);
        const again = await user.client.request('PUT', `/translations/${translation.id}/cancel/`);
        expect(again.statusCode).toBe(409);
      } finally {
        h.llm.configure({ latencyMs: 0 });
      }
    }, 60_000);

    it('cancel while translating keeps the credit; retry resumes from the saved blocks; brief edits re-translate free', async () => {
      const user = await h.newUser({ READER: 1 }, { signupCredits: false });
      h.llm.configure({ latencyMs: 700 });
      let translationId = '';
      try {
        const { translation } = (await user.upload(ESTHER, esther)).json().data;
        translationId = translation.id;
        await waitFor(user, translationId, (t) => t.status === 'translating' && t.progress > 0);
        // Blocks planned, not chunks: a run's chunk count follows the slots, its blocks what is left.
        const blocksPlanned = sql<number>`sum(jsonb_array_length(${translationChunks.blocks}))`;
        const [planned] = await h.handle.db
          .select({ n: blocksPlanned })
          .from(translationChunks)
          .where(eq(translationChunks.translationId, translationId));
        const canceled = (await user.client.request('POST', `/translations/${translationId}/cancel/`)).json();
        expect(canceled.status).toBe('canceled');
        expect(await balance(user)).toBe(0);
        expect(
          (await user.client.get(`/translations/${translationId}/download-file/?file_format=epub`))
            .statusCode,
        ).toBe(409);

        const retried = await user.client.request('POST', `/translations/${translationId}/retry/`);
        expect(retried.statusCode).toBe(200);
        expect(retried.json().status).toBe('pending');
        expect(await balance(user)).toBe(0);
        const seen = await h.followStatuses(user, translationId);
        expect(seen.at(-1)).toBe('completed');
        const [replanned] = await h.handle.db
          .select({ n: blocksPlanned })
          .from(translationChunks)
          .where(and(eq(translationChunks.translationId, translationId), eq(translationChunks.run, 3)));
        expect(Number(replanned?.n)).toBeLessThan(Number(planned?.n));
      } finally {
        h.llm.configure({ latencyMs: 0 });
      }
      expect((await user.client.request('POST', `/translations/${translationId}/retry/`)).statusCode).toBe(
        409,
      );

      const brief = (await user.client.get(`/translations/${translationId}/brief/`)).json();
      expect(brief.brief).not.toBeNull();
      const glossary = [...brief.brief.glossary, { source: 'Esther', target: 'Ester', kind: 'character' }];
      const edited = await user.client.request('PUT', `/translations/${translationId}/brief/`, {
        body: { ...brief.brief, glossary, style_notes: 'Keep it solemn.' },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().changed_terms).toContain('Esther');
      const again = await h.followStatuses(user, translationId);
      expect(again.at(-1)).toBe('completed');
      expect(await balance(user)).toBe(0);
      expect((await user.client.get(`/translations/${translationId}/brief/`)).json()).toMatchObject({
        edited: true,
        brief: { style_notes: 'Keep it solemn.' },
      });

      const rated = await user.client.request('PUT', `/translations/${translationId}/rating/`, {
        body: { rating: 5, comment: 'Lovely' },
      });
      expect(rated.json()).toMatchObject({ rating: 5, rating_comment: 'Lovely' });
      const bad = await user.client.request('PUT', `/translations/${translationId}/rating/`, {
        body: { rating: 6 },
      });
      expect(bad.statusCode).toBe(400);

      expect((await user.client.request('DELETE', `/translations/${translationId}/`)).statusCode).toBe(200);
      expect((await user.client.get(`/translations/${translationId}/`)).statusCode).toBe(404);
    }, 180_000);
  },
);
