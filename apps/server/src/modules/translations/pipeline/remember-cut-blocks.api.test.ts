import { reverseWords } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PipelineHarness,
  startPipelineHarness,
  type TestUser,
} from '../../../testing/pipeline-test-kit';
import { translationMemoryRepository as memory } from '../translation-memory.repository';

const encode = (text: string) => new TextEncoder().encode(text);

/** A paragraph of six sentences (about 110 tokens), each sentence its own. */
const paragraph = (n: number) =>
  Array.from(
    { length: 6 },
    (_, s) =>
      `The keeper of lock ${n}${s} counted barges going down towards the sea until the light went out.`,
  ).join(' ');

const opening = { title: 'Chapter 1', paragraphs: [paragraph(1), paragraph(2)] };
// Some 1,560 tokens of new text: a new edition cuts it in two (each chunk 0.3 of the 2,400-token
// budget at least), halfway through the seventh paragraph.
const added = { title: 'Chapter 2', paragraphs: Array.from({ length: 13 }, (_, i) => paragraph(10 + i)) };
const txt = (chapters: (typeof opening)[]) =>
  encode(chapters.map((c) => `${c.title}\n\n${c.paragraphs.join('\n\n')}`).join('\n\n\n'));

/** The texts of the BLOCKS requests the fake model received since `from`. */
function requestedTexts(h: PipelineHarness, from: number): string[] {
  return h.llm
    .received()
    .slice(from)
    .map((messages) => String(messages.at(-1)?.content ?? ''))
    .filter((content) => content.includes('BLOCKS:'))
    .flatMap(
      (content) => Object.values(JSON.parse(content.slice(content.indexOf('BLOCKS:') + 7))) as string[],
    );
}

describe('a block cut between two chunks is remembered whole', () => {
  let h: PipelineHarness;
  let owner: TestUser;
  let editionId: string;

  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
    owner = await h.newUser({ READER: 4 });
    const first = await owner.upload('locks.txt', txt([opening]));
    expect(first.statusCode, first.body).toBe(201);
    expect((await h.followStatuses(owner, first.json().data.translation.id)).at(-1)).toBe('completed');
    const edition = await owner.upload('locks-2.txt', txt([opening, added]));
    expect(edition.statusCode, edition.body).toBe(201);
    editionId = edition.json().data.translation.id;
    expect((await h.followStatuses(owner, editionId)).at(-1)).toBe('completed');
  }, 120_000);
  afterAll(() => h?.close());

  it('cuts the new text inside a paragraph so its chunks are even, and joins the parts', async () => {
    const saved = await memory.savedTexts(h.handle.db, editionId);
    const parts = [...saved.keys()].filter((key) => key.includes('#'));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const passages = await owner.client.get(`/translations/${editionId}/passages/?chapter=1`);
    expect(passages.statusCode, passages.body).toBe(200);
    const texts: string[] = passages.json().passages.map((p: { target_text: string }) => p.target_text);
    // The stand-in reverses each word: every paragraph reads as one reply to it whole would, the cut
    // one included (after the chapter's heading).
    expect(texts.slice(1)).toEqual(added.paragraphs.map(reverseWords));
  });

  it('the same edition again asks the model nothing: its cut paragraphs are found whole', async () => {
    const quote = await owner.upload(
      'locks-2.txt',
      txt([opening, added]),
      { target_language: 'es' },
      '/translations/quote/',
    );
    expect(quote.json().coverage).toContain('costs no credit');
    const before = h.llm.received().length;
    const again = await owner.upload('locks-2-again.txt', txt([opening, added]));
    expect(again.statusCode, again.body).toBe(201);
    expect((await h.followStatuses(owner, again.json().data.translation.id)).at(-1)).toBe('completed');
    expect(requestedTexts(h, before).filter((text) => text.length > 40)).toEqual([]);
  }, 120_000);
});
