import { messageText } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';

/** Two chapters whose every paragraph names the same two people: no chunk starts before the analysis. */
function book(): Uint8Array {
  const paragraphs = Array.from(
    { length: 40 },
    (_, i) => `Paragraph ${i}: Jonathan Wild and Edgeworth Bess crossed the valley before the rain.`,
  );
  const chapter = (title: string) => `${title}\n\n${paragraphs.join('\n\n')}`;
  return new TextEncoder().encode(`${chapter('CHAPTER ONE')}\n\n${chapter('CHAPTER TWO')}\n`);
}

describe('the prepare step’s requests (decision 313)', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness();
  }, 120_000);
  afterAll(() => h?.close());

  it('sends the brief and the term batches before the titles and TOC labels', async () => {
    const kinds: string[] = [];
    const stop = h.llm.onRequest((messages) => {
      const user = messageText([...messages].reverse().find((m) => m.role === 'user') ?? { role: 'user' });
      kinds.push(user.startsWith('SAMPLE:') ? 'brief' : user.startsWith('TERMS:') ? 'terms' : 'blocks');
    });
    try {
      const user = await h.newUser({ READER: 1 });
      const upload = await user.upload('valley.txt', book());
      expect(upload.statusCode).toBe(201);
      const id = upload.json().data.translation.id as string;
      expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    } finally {
      stop();
    }
    // Every paragraph names a term, so the first request of blocks is the labels': after the brief,
    // its summary (decision 315) and the term batch.
    const labels = kinds.indexOf('blocks');
    expect(kinds.slice(0, labels).sort()).toEqual(['brief', 'brief', 'terms']);
  }, 120_000);
});
