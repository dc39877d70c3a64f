import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { countWords } from '@booktranslate/ebook';
import { corpusDir, corpusMissingReason } from '@booktranslate/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../../../db/schema/translations';
import {
  type PipelineHarness,
  startPipelineHarness,
  type TestUser,
} from '../../../testing/pipeline-test-kit';

const missing = corpusMissingReason();
const ESTHER = 'la-liber-esther-gutenberg-epub2-ncx-cover.epub';

const credits = async (user: TestUser) =>
  (await user.client.get('/users/profile/')).json().available_credits as number;

describe.skipIf(missing)('a translation has a provider spend ceiling', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({
      llm: { latencyMs: 0, failRate: 0.4, seed: 11 },
      env: { TRANSLATION_SPEND_BASE_REQUESTS: '5', TRANSLATION_SPEND_REQUESTS_PER_1000_WORDS: '0' },
    });
  }, 120_000);
  afterAll(() => h?.close());

  it('stops at the ceiling, retries and failed requests included, and keeps the credit', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const esther = new Uint8Array(await readFile(path.join(corpusDir, ESTHER)));
    h.llm.resetStats();
    const created = await user.upload(ESTHER, esther, { target_language: 'es' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.translation.id as string;
    const seen = await h.followStatuses(user, id, 120_000);
    expect(seen.at(-1)).toBe('failed');
    const translation = (await user.client.get(`/translations/${id}/`)).json();
    expect(translation.failure_reason).toMatch(/most a translation may use/);
    expect(h.llm.stats().requests).toBeLessThanOrEqual(5);
    const [row] = await h.handle.db.select().from(translations).where(eq(translations.id, id));
    expect(row?.providerRequests).toBe(5);
    expect(await credits(user)).toBe(0);
    // A retry takes no credit and asks the provider nothing more.
    expect((await user.client.request('POST', `/translations/${id}/retry/`)).statusCode).toBe(200);
    expect((await h.followStatuses(user, id, 60_000)).at(-1)).toBe('failed');
    expect(h.llm.stats().requests).toBeLessThanOrEqual(5);
  }, 180_000);
});

const paragraphs = [
  'Winston Smith walked home along the river in the grey light of the April morning.',
  'The clocks struck thirteen while Winston climbed the stairs to his small flat.',
  'Outside, the wind whirled dust and torn paper into spirals along the pavement.',
  'Winston sat down at the table and opened the notebook he had bought that week.',
];
const book = new TextEncoder().encode(paragraphs.join('\n\n'));

describe('glossary edits re-translate a bounded amount', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  it("re-translates only the blocks with a changed term, and at most the translation's own words", async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const created = await user.upload('winston.txt', book, { target_language: 'es' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.translation.id as string;
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    const row = async () =>
      (await h.handle.db.select().from(translations).where(eq(translations.id, id)))[0]!;
    const total = (await row()).wordsTotal;
    expect(total).toBe(paragraphs.reduce((sum, p) => sum + countWords(p), 0));

    const edit = async (target: string) => {
      const current = (await user.client.get(`/translations/${id}/brief/`)).json().brief;
      const glossary = [
        ...current.glossary.filter((e: { source: string }) => e.source !== 'Winston'),
        { source: 'Winston', target, kind: 'character' },
      ];
      return user.client.request('PUT', `/translations/${id}/brief/`, { body: { ...current, glossary } });
    };
    expect((await edit('Winstono')).statusCode).toBe(200);
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    const withTerm = paragraphs.filter((p) => p.includes('Winston'));
    expect((await row()).retranslatedWords).toBe(withTerm.reduce((sum, p) => sum + countWords(p), 0));

    // The second edit does not fit in what is left, so it spends the rest of the budget.
    expect((await edit('Vinston')).statusCode).toBe(200);
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    expect((await row()).retranslatedWords).toBe(total);

    const refused = await edit('Winnie');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { reason: 'retranslation-budget', budget_words: total, used_words: total },
    });
    expect(refused.json().error.message).toContain('start a new translation');
    expect(await credits(user)).toBe(0);
  }, 180_000);
});
