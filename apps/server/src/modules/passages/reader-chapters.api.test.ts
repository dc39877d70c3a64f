import { makePartsFb2 } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';

interface Chapter {
  index: number;
  title: string;
  depth: number;
  part: number;
  parts: number;
  passages: number;
}

describe("the reader's chapters: the book's own table of contents, nested", () => {
  let h: PipelineHarness;
  let owner: TestUser;
  let id: string;
  const passages = (chapter = 0) => owner.client.get(`/translations/${id}/passages/?chapter=${chapter}`);

  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
    owner = await h.newUser({ READER: 1 });
    // Two parts of two chapters; the second chapter longer than one page of 400 passages.
    const novel = makePartsFb2({ parts: 2, chaptersPerPart: 2, paragraphs: 2, longChapter: 450 });
    const upload = await owner.upload('river.fb2', novel);
    expect(upload.statusCode, upload.body).toBe(201);
    id = upload.json().data.translation.id;
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
  }, 180_000);
  afterAll(() => h?.close());

  it('lists parts and their chapters by name, a long chapter in pages inside it', async () => {
    const body = (await passages()).json();
    const chapters = body.chapters as Chapter[];
    expect(chapters.map((c) => [c.depth, c.title, c.part, c.parts])).toEqual([
      [0, 'The River in Parts', 1, 1],
      [0, 'PART I', 1, 1],
      [1, 'CHAPTER 1', 1, 1],
      [1, 'CHAPTER 2', 1, 2],
      [1, 'CHAPTER 2', 2, 2],
      [0, 'PART II', 1, 1],
      [1, 'CHAPTER 3', 1, 1],
      [1, 'CHAPTER 4', 1, 1],
      [0, 'Notes', 1, 1],
    ]);
    expect(chapters.map((c) => c.index)).toEqual(chapters.map((_, i) => i));
    expect(Math.max(...chapters.map((c) => c.passages))).toBeLessThanOrEqual(400);
    // A chapter's page opens at its own heading; the second page goes on where the first stopped.
    const first = (await passages(3)).json();
    expect(first.passages[0].source[0].text).toBe('CHAPTER 2');
    const second = (await passages(4)).json();
    expect(second.passages[0].block_id).not.toBe(first.passages.at(-1).block_id);
    expect(first.passages.length + second.passages.length).toBe(451);
  });
});
