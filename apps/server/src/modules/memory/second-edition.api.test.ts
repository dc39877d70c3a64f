import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';
import { creditsRepository } from '../credits/credits.repository';

const encode = (text: string) => new TextEncoder().encode(text);

/** Four plain paragraphs a chapter, every sentence its own (no names, so every brief agrees). */
const paragraphs = (chapter: number) =>
  Array.from(
    { length: 4 },
    (_, i) =>
      `the water of stream number ${chapter}${i} ran slowly past the quiet stones while evening light faded over field ${chapter}${i}.`,
  );

const firstEdition = [1, 2, 3].map((c) => ({ title: `Chapter ${c}`, paragraphs: paragraphs(c) }));
const changed =
  'the water of that stream now ran fast and loud past broken stones in the storm of a new night.';
const newChapter = [
  'a new path led away from the old mill towards hills that nobody in the valley had climbed before.',
  'the climb took three long days and the nights on the hills were colder than any winter at home.',
];
const secondEdition = [
  firstEdition[0]!,
  { title: 'Chapter 2', paragraphs: [paragraphs(2)[0]!, changed, ...paragraphs(2).slice(2)] },
  firstEdition[2]!,
  { title: 'Chapter 4', paragraphs: newChapter },
];
const txt = (chapters: typeof firstEdition) =>
  encode(chapters.map((c) => `${c.title}\n\n${c.paragraphs.join('\n\n')}`).join('\n\n\n'));

interface WirePassage {
  block_id: string;
  target_text: string | null;
  from_memory: boolean;
  source: { text: string }[];
}

/** The texts the fake model was asked to translate in BLOCKS requests since `from`. */
function requestedBlocks(h: PipelineHarness, from: number): { requests: number; texts: string[] } {
  const blocks = h.llm
    .received()
    .slice(from)
    .map((messages) => String(messages.at(-1)?.content ?? ''))
    .filter((content) => content.includes('BLOCKS:'))
    .map((content) => Object.values(JSON.parse(content.slice(content.indexOf('BLOCKS:') + 7))) as string[]);
  return { requests: blocks.length, texts: blocks.flat() };
}

describe('translation memory: a second edition asks only for what changed', () => {
  let h: PipelineHarness;
  let owner: TestUser;
  let firstId: string;
  const passagesOf = async (user: TestUser, id: string): Promise<WirePassage[]> => {
    const all: WirePassage[] = [];
    for (let chapter = 0; chapter < 8; chapter++) {
      const response = await user.client.get(`/translations/${id}/passages/?chapter=${chapter}`);
      if (response.statusCode === 404) break;
      expect(response.statusCode, response.body).toBe(200);
      all.push(...response.json().passages);
    }
    return all;
  };
  const plain = (p: WirePassage) => p.source.map((s) => s.text).join('');

  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
    owner = await h.newUser({ READER: 4 });
    const upload = await owner.upload('stream.txt', txt(firstEdition));
    expect(upload.statusCode, upload.body).toBe(201);
    firstId = upload.json().data.translation.id;
    expect((await h.followStatuses(owner, firstId)).at(-1)).toBe('completed');
  }, 120_000);
  afterAll(() => h?.close());

  it('takes unchanged passages and the owner’s edits from memory, asking the model only for the new ones', async () => {
    // The owner edits a passage of the first edition in the reader.
    const first = await passagesOf(owner, firstId);
    const edited = first.find((p) => plain(p) === paragraphs(3)[1])!;
    const mine = 'my own words for this passage.';
    const put = await owner.client.request('PUT', `/translations/${firstId}/passages/${edited.block_id}/`, {
      body: { target: mine },
    });
    expect(put.statusCode, put.body).toBe(200);

    const quote = await owner.upload(
      'stream-2.txt',
      txt(secondEdition),
      { target_language: 'es' },
      '/translations/quote/',
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const unchangedWords = quote.json().words_from_memory as number;
    expect(unchangedWords).toBeGreaterThan(0);
    expect(unchangedWords).toBeLessThan(quote.json().words);
    expect(quote.json().memory).toMatch(/^[\d,]+ of [\d,]+ words from your earlier translations$/);
    expect(quote.json().coverage).toContain('from your earlier translations');

    const before = h.llm.received().length;
    const upload = await owner.upload('stream-2.txt', txt(secondEdition));
    expect(upload.statusCode, upload.body).toBe(201);
    const secondId: string = upload.json().data.translation.id;
    expect((await h.followStatuses(owner, secondId)).at(-1)).toBe('completed');

    // Only the new chapter's passages and the changed one went to the model (headings aside).
    const asked = requestedBlocks(h, before);
    const prose = asked.texts.filter((text) => text.length > 40);
    expect(new Set(prose)).toEqual(new Set([changed, ...newChapter]));
    expect(asked.requests).toBeLessThanOrEqual(3);

    const second = await passagesOf(owner, secondId);
    const firstBySource = new Map(first.map((p) => [plain(p), p.target_text]));
    for (const passage of second) {
      const source = plain(passage);
      if (source === paragraphs(3)[1]) {
        // The edit made in the first book's reader is in the second book.
        expect(passage.target_text).toBe(mine);
        expect(passage.from_memory).toBe(true);
      } else if (source === changed || newChapter.includes(source)) {
        expect(passage.from_memory).toBe(false);
      } else if (firstBySource.has(source)) {
        // Unchanged passages read exactly as the first translation, which a fresh one matches.
        expect(passage.target_text).toBe(firstBySource.get(source));
        expect(passage.from_memory).toBe(true);
      }
    }

    const t = (await owner.client.get(`/translations/${secondId}/`)).json();
    expect(t.words_from_memory).toBeGreaterThan(0);
    expect(t.words_from_memory).toBeLessThan(t.words_total);
    const report = (await owner.client.get(`/translations/${secondId}/report/`)).json();
    expect(report.from_memory.passages).toBeGreaterThan(0);
    expect(report.summary).toContain('from your earlier translations');
  }, 120_000);

  it('a book wholly in memory asks the model nothing and gives its credit back', async () => {
    const balance = async () => (await creditsRepository.balances(h.handle.db, owner.userId)).READER;
    const quote = await owner.upload(
      'stream.txt',
      txt(firstEdition),
      { target_language: 'es' },
      '/translations/quote/',
    );
    expect(quote.json().coverage).toContain('costs no credit');
    // The first edition again, as a new book (the same text deleted and uploaded again).
    const credits = await balance();
    const before = h.llm.received().length;
    const upload = await owner.upload('stream-again.txt', txt(firstEdition));
    expect(upload.statusCode, upload.body).toBe(201);
    const id: string = upload.json().data.translation.id;
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
    expect(requestedBlocks(h, before).texts.filter((text) => text.length > 40)).toEqual([]);
    expect(await balance()).toBe(credits);
  }, 120_000);

  it('starts an edition from the earlier translation’s brief and titles, with no analysis or titles request', async () => {
    const firstBrief = (await owner.client.get(`/translations/${firstId}/brief/`)).json().brief;
    // The first edition with one paragraph of twelve rewritten: far more than 80% of it is in memory.
    const rewritten = 'the river of this third printing ran under a sky of heavy clouds and a cold wind.';
    const edition = firstEdition.map((c, i) =>
      i === 0 ? { ...c, paragraphs: [rewritten, ...c.paragraphs.slice(1)] } : c,
    );
    const before = h.llm.received().length;
    const upload = await owner.upload('stream-3.txt', txt(edition));
    expect(upload.statusCode, upload.body).toBe(201);
    const id: string = upload.json().data.translation.id;
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
    const sent = h.llm
      .received()
      .slice(before)
      .map((messages) => messages.map((m) => String(m.content)).join('\n'));
    // One request: the rewritten paragraph. No brief sample, no glossary terms, no titles.
    expect(sent.filter((text) => !text.includes('BLOCKS:'))).toEqual([]);
    expect(requestedBlocks(h, before).texts).toEqual([rewritten]);
    // Its new text was queued at once, its remembered chunks a second later (decision 270), not all
    // together as term-free chunks ahead of an analysis it never asks.
    const jobs = (await h.handle.db.execute(
      sql`SELECT EXTRACT(EPOCH FROM start_after - created_on)::float AS delay FROM pgboss.job
          WHERE name = 'translation-chunk' AND data->>'translationId' = ${id}`,
    )) as unknown as { rows: { delay: number }[] };
    const delays = jobs.rows;
    expect(delays.filter((j) => j.delay < 0.5).length).toBeGreaterThan(0);
    expect(delays.filter((j) => j.delay >= 0.9).length).toBeGreaterThan(0);
    const brief = (await owner.client.get(`/translations/${id}/brief/`)).json().brief;
    expect(brief.glossary).toEqual(firstBrief.glossary);
    expect(brief.summary).toBe(firstBrief.summary);
  }, 120_000);

  it('never gives one user’s memory to another, and forgets it when the user clears it', async () => {
    const stranger = await h.newUser({ READER: 1 });
    const quote = await stranger.upload(
      'stream.txt',
      txt(firstEdition),
      { target_language: 'es' },
      '/translations/quote/',
    );
    expect(quote.json()).toMatchObject({ words_from_memory: 0, memory: null });
    const before = h.llm.received().length;
    const upload = await stranger.upload('stream.txt', txt(firstEdition));
    const id: string = upload.json().data.translation.id;
    expect((await h.followStatuses(stranger, id)).at(-1)).toBe('completed');
    const prose = requestedBlocks(h, before).texts.filter((text) => text.length > 40);
    expect(prose.length).toBe(firstEdition.flatMap((c) => c.paragraphs).length);
    expect((await passagesOf(stranger, id)).every((p) => !p.from_memory)).toBe(true);

    const summary = (await owner.client.get('/users/translation-memory/')).json();
    expect(summary.passages).toBeGreaterThan(0);
    expect(summary.edits).toBe(1);
    const cleared = await owner.client.request('DELETE', '/users/translation-memory/');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ passages: 0, edits: 0, words: 0 });
    const after = await owner.upload(
      'stream.txt',
      txt(firstEdition),
      { target_language: 'es' },
      '/translations/quote/',
    );
    expect(after.json().words_from_memory).toBe(0);
    // The stranger's own memory is untouched.
    expect((await stranger.client.get('/users/translation-memory/')).json().passages).toBeGreaterThan(0);
  }, 120_000);
});
