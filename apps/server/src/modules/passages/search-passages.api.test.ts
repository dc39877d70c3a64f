import { reverseWords } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';
import { longTxtBook } from '../../testing/reader-books';
import { EXCERPT_CHARS, excerpt } from './search-passages';

interface Found {
  block_id: string;
  chapter: number;
  chapter_title: string;
  source_text: string;
  target_text: string | null;
  flagged: boolean;
  edited: boolean;
  retranslated: boolean;
  beyond_preview: boolean;
}
interface Chapter {
  index: number;
  flagged: number;
  passages: number;
}

describe('GET /translations/{id}/passages/search/: filters and words across the whole book', () => {
  let h: PipelineHarness;
  let owner: TestUser;
  let id: string;
  let chapters: Chapter[];
  const search = async (query: string) => {
    const response = await owner.client.get(`/translations/${id}/passages/search/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; results: Found[]; counts: Record<string, number> };
  };
  /** Every passage of the book as the chapter pages answer it. */
  const everyPassage = async () => {
    const all: Array<{ block_id: string; target_text: string | null; flags: unknown[] }> = [];
    for (const c of chapters) {
      const page = await owner.client.get(`/translations/${id}/passages/?chapter=${c.index}`);
      all.push(...page.json().passages);
    }
    return all;
  };

  beforeAll(async () => {
    // A closing offer left in one block of every reply: flagged passages.
    h = await startPipelineHarness({ llm: { latencyMs: 0, blockChatterRate: 1 } });
    // The sign-up's Free credits only: the book's end is past the preview.
    owner = await h.newUser();
    const upload = await owner.upload('valley.txt', longTxtBook());
    expect(upload.statusCode, upload.body).toBe(201);
    id = upload.json().data.translation.id;
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
    chapters = (await owner.client.get(`/translations/${id}/passages/`)).json().chapters;
  }, 120_000);
  afterAll(() => h?.close());

  it('counts each filter over the whole book, as the chapter pages show the passages', async () => {
    const passages = await everyPassage();
    const none = await search('');
    expect(none.total).toBe(0);
    expect(none.results).toEqual([]);
    expect(none.counts).toEqual({
      untranslated: passages.filter((p) => p.target_text === null).length,
      flagged: chapters.reduce((n, c) => n + c.flagged, 0),
      edited: 0,
    });
    expect(none.counts.untranslated).toBeGreaterThan(0);
    expect(none.counts.flagged).toBeGreaterThan(0);
  });

  it('lists the passages not translated and the flagged ones, in reading order', async () => {
    const order = (await everyPassage()).map((p) => p.block_id);
    const untranslated = await search('show=untranslated');
    expect(untranslated.total).toBe(untranslated.counts.untranslated);
    expect(untranslated.results.length).toBe(Math.min(100, untranslated.total));
    expect(untranslated.results.every((r) => r.target_text === null && r.beyond_preview)).toBe(true);
    const positions = untranslated.results.map((r) => order.indexOf(r.block_id));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const flagged = await search('show=flagged');
    expect(flagged.total).toBe(flagged.counts.flagged);
    expect(flagged.results.every((r) => r.flagged && r.target_text !== null)).toBe(true);
  });

  it('finds words in the original or the translation, in any case, with the page that holds them', async () => {
    const day = await search('q=DAY%20804');
    expect(day.results).toHaveLength(1);
    expect(day.results[0]?.source_text).toContain('It was day 804 of the long year.');
    const holder = chapters.find((c) => c.index === day.results[0]?.chapter);
    expect(day.results[0]?.chapter_title).toBe('CHAPTER 8');
    const page = await owner.client.get(`/translations/${id}/passages/?chapter=${holder?.index}`);
    expect(page.json().passages.map((p: { block_id: string }) => p.block_id)).toContain(
      day.results[0]?.block_id,
    );

    // The fake model writes each word backwards: "slowly" is only in the translation.
    const reversed = reverseWords('slowly').toUpperCase();
    const translated = await search(`q=${encodeURIComponent(reversed)}`);
    expect(translated.total).toBeGreaterThan(0);
    for (const r of translated.results) {
      expect(r.target_text?.toLowerCase()).toContain(reversed.toLowerCase());
      expect(r.source_text.toLowerCase()).not.toContain(reversed.toLowerCase());
    }
    expect((await search('q=zebedee')).total).toBe(0);
  });

  it('shows the owner’s edits under "edited", with the edited text searched', async () => {
    const [first] = (await search('show=flagged')).results;
    if (!first) throw new Error('no flagged passage to edit');
    const edit = await owner.client.request('PUT', `/translations/${id}/passages/${first.block_id}/`, {
      body: { target: 'Una mañana gris junto al puente de piedra.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await search('show=edited');
    expect(edited.counts.edited).toBe(1);
    expect(edited.results).toMatchObject([{ block_id: first.block_id, edited: true, flagged: false }]);
    expect((await search('q=PUENTE%20DE&show=edited')).total).toBe(1);
    expect((await search('q=puente%20de&show=untranslated')).total).toBe(0);
  });

  it('is the owner’s alone and refuses a bad query', async () => {
    const other = await h.newUser();
    expect((await other.client.get(`/translations/${id}/passages/search/?q=day`)).statusCode).toBe(404);
    const tooLong = await owner.client.get(`/translations/${id}/passages/search/?q=${'a'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect((await owner.client.get(`/translations/${id}/passages/search/?show=bogus`)).statusCode).toBe(400);
  });
});

describe('excerpt: a long passage found is cut around the words', () => {
  it('keeps a short text whole and a long one around the first match, with ellipses', () => {
    expect(excerpt('short text', 'text')).toBe('short text');
    const long = `${'a '.repeat(600)}needle ${'b '.repeat(600)}`;
    const cut = excerpt(long, 'needle');
    expect(cut).toContain('needle');
    expect(cut.startsWith('…') && cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(EXCERPT_CHARS + 2);
    expect(excerpt(long, '').startsWith('a a')).toBe(true);
  });
});
