import { messageText } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness } from '../../testing/pipeline-test-kit';
import { downloadedTexts, translatedReaderBook } from '../../testing/reader-books';

const SOURCE = 'In the evening Mara came home across the wet fields';
const EDIT = 'Por la tarde Marah volvió a casa por los campos mojados y se sentó junto al fuego.';

describe('a manual edit survives a glossary change that translates its passage again', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  it('keeps the edit in the reader and in every download after the new run', async () => {
    const { owner, id } = await translatedReaderBook(h);
    const put = (blockId: string, target: string) =>
      owner.client.request('PUT', `/translations/${id}/passages/${blockId}/`, { body: { target } });
    expect((await put('c2.b3', EDIT)).statusCode).toBe(200);

    const asked = () =>
      h.llm
        .received()
        .filter((messages) => messages.map(messageText).join('\n').includes(`BLOCKS:\n{"1":"${SOURCE}`))
        .length;
    const askedBefore = asked();
    const { brief } = (await owner.client.get(`/translations/${id}/brief/`)).json();
    const glossary = brief.glossary.map((e: { source: string }) =>
      e.source === 'Mara' ? { ...e, target: 'Marah' } : e,
    );
    expect(glossary.some((e: { source: string }) => e.source === 'Mara')).toBe(true);
    const changed = await owner.client.request('PUT', `/translations/${id}/brief/`, {
      body: { ...brief, glossary },
    });
    expect(changed.json().changed_terms).toEqual(['Mara']);
    // While the new run works, the passages wait for it.
    expect((await put('c2.b2', 'La rueda giraba.')).statusCode).toBe(409);
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
    // The owner's edit is in their translation memory and already writes the new rendering
    // (Marah), so the new run takes it from there instead of asking the engine (decision 270).
    expect(asked()).toBe(askedBefore);

    const chapter = (await owner.client.get(`/translations/${id}/passages/?chapter=1`)).json();
    expect(chapter.passages.find((p: { block_id: string }) => p.block_id === 'c2.b3')).toMatchObject({
      edited: true,
      target_text: EDIT,
    });
    const texts = await downloadedTexts(owner.client, id);
    for (const [format, text] of Object.entries(texts)) expect(text, format).toContain(EDIT);
  }, 120_000);

  it('keeps an edit made while the same passage is being translated again', async () => {
    const { owner, id } = await translatedReaderBook(h);
    h.llm.configure({ latencyMs: 400 });
    const lastRequest = () => JSON.stringify(h.llm.received().at(-1));
    const last = lastRequest();
    const retranslating = owner.client.post(`/translations/${id}/passages/c2.b2/retranslate/`, {});
    // The owner edits while the engine is at work on the passage (its request has arrived).
    for (let waited = 0; lastRequest() === last && waited < 10_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const edit = await owner.client.request('PUT', `/translations/${id}/passages/c2.b2/`, {
      body: { target: 'La rueda del molino giraba despacio.' },
    });
    const retranslated = await retranslating;
    h.llm.configure({ latencyMs: 0 });
    expect(edit.statusCode).toBe(200);
    expect(retranslated.statusCode).toBe(200);
    // The engine's new text is kept as its version, and the owner's newer edit still wins.
    expect(retranslated.json().passage).toMatchObject({
      edited: true,
      target_text: 'La rueda del molino giraba despacio.',
    });
  }, 120_000);
});
