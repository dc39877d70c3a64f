import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readBook } from '@booktranslate/ebook';
import { makeTinyEpub, reverseWords } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';

// Merging translates the book title and chapter titles too, and the owner hears that the book is ready.
describe('merging: translated titles and the completion e-mail', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  it('puts the translated title and chapter titles in the outputs and e-mails the owner', async () => {
    const user = await h.newUser({ READER: 1 });
    const epub = makeTinyEpub({
      title: 'The Silent Harbour',
      chapters: [
        { title: 'Morning Tide', paragraphs: ['The boats came home before the storm reached the harbour.'] },
        {
          title: 'Evening Lights',
          paragraphs: ['Every window along the quay was lit when night came down.'],
        },
      ],
    });
    const upload = await user.upload('harbour.epub', epub, { target_language: 'es' });
    expect(upload.statusCode).toBe(201);
    const id: string = upload.json().data.translation.id;
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');

    const download = await user.client.get(`/translations/${id}/download-file/?file_format=epub`);
    expect(download.statusCode).toBe(200);
    const book = await readBook(new Uint8Array(download.rawPayload), { filename: 'out.epub' });
    // The fake model reverses every word: the title must have gone through it.
    expect(book.metadata.title).toBe(reverseWords('The Silent Harbour'));
    const tocTitles = book.toc.map((entry) => entry.title);
    expect(tocTitles).toContain(reverseWords('Morning Tide'));
    expect(book.metadata.language).toBe('es');

    // The e-mail goes out just after the status turns completed: give it a moment to arrive.
    const mailDir = h.mailDir;
    const mailed = () =>
      existsSync(mailDir) &&
      readdirSync(mailDir).some((name) =>
        readFileSync(path.join(mailDir, name), 'utf8').includes('Silent Harbour'),
      );
    for (let waited = 0; !mailed() && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailed()).toBe(true);
  }, 120_000);
});
