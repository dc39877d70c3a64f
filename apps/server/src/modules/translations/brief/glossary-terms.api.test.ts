import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';

// A Russian novel's page: one name in four cases, dialogue opened by common words.
const russian = [
  'Атос встал и подошёл к окну. Д’Артаньян долго смотрел на Атоса с удивлением и молчал.',
  '— Нет, — сказал Атос. — Да, я пойду с Атосом, если он позовёт меня сегодня вечером.',
  '— Ну что ж, — ответил Портос, — итак, мы идём к Атосу. Ну, Портос, вы готовы?',
  'Итак, все трое вышли на улицу. Нет ничего лучше дружбы, думал Портос по дороге домой.',
].join('\n\n');

async function waitFor(user: Awaited<ReturnType<PipelineHarness['newUser']>>, id: string, wanted: string[]) {
  const deadline = Date.now() + 60_000;
  let status = '';
  while (Date.now() < deadline) {
    status = (await user.client.get(`/translations/${id}/`)).json().status;
    if (wanted.includes(status)) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  return status;
}

describe('the glossary review of an inflected language', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  it('lists a name once with its case forms, no common word, and says the engine follows it', async () => {
    const user = await h.newUser({ READER: 1 });
    const upload = await user.upload('musketeers.txt', new TextEncoder().encode(russian), {
      target_language: 'en',
      review_glossary: 'true',
    });
    expect(upload.statusCode).toBe(201);
    const id = upload.json().data.translation.id as string;
    expect(await waitFor(user, id, ['reviewing', 'failed'])).toBe('reviewing');

    const answer = (await user.client.get(`/translations/${id}/brief/`)).json();
    expect(answer.engine_follows_glossary).toBe(true);
    const glossary = answer.brief.glossary as Array<{ source: string; forms?: string[]; count?: number }>;
    const athos = glossary.filter((e) => e.source.startsWith('Атос'));
    expect(athos).toHaveLength(1);
    expect(athos[0]).toMatchObject({ source: 'Атос', count: 5 });
    expect([...(athos[0]?.forms ?? [])].sort()).toEqual(['Атоса', 'Атосом', 'Атосу']);
    const sources = glossary.map((e) => e.source);
    for (const word of ['Нет', 'Да', 'Ну', 'Итак', 'Д']) expect(sources).not.toContain(word);

    // The forms travel back on save, within the contract's bounds.
    const saved = await user.client.request('PUT', `/translations/${id}/brief/`, { body: answer.brief });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().brief.glossary.find((e: { source: string }) => e.source === 'Атос').forms).toEqual(
      athos[0]?.forms,
    );
    const tooMany = {
      ...answer.brief,
      glossary: [
        { source: 'Атос', target: 'Athos', forms: Array.from({ length: 21 }, (_, i) => `Атос${i}`) },
      ],
    };
    expect(
      (await user.client.request('PUT', `/translations/${id}/brief/`, { body: tooMany })).statusCode,
    ).toBe(400);
    const other = await h.newUser();
    expect((await other.client.get(`/translations/${id}/brief/`)).statusCode).toBe(404);
  }, 120_000);
});

describe('an engine that ignores the glossary', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ env: { TRANSLATION_ENGINE: 'demo' } });
  }, 120_000);
  afterAll(() => h?.close());

  it('says so in the brief', async () => {
    const user = await h.newUser({ READER: 1 });
    const upload = await user.upload('musketeers.txt', new TextEncoder().encode(russian), {
      target_language: 'en',
    });
    expect(upload.statusCode).toBe(201);
    const id = upload.json().data.translation.id as string;
    expect(await waitFor(user, id, ['completed', 'failed'])).toBe('completed');
    expect((await user.client.get(`/translations/${id}/brief/`)).json().engine_follows_glossary).toBe(false);
  }, 120_000);
});
