import { messageText, reverseWords } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';
import { translatedReaderBook } from '../../testing/reader-books';
import { creditsRepository } from '../credits/credits.repository';
import { translationsRepository } from '../translations';

const MARA = 'Later that day Mara walked to the mill<g1>1</g1> before the bells rang at noon.';

describe('POST /translations/{id}/passages/{block_id}/retranslate/', () => {
  let h: PipelineHarness;
  let owner: TestUser;
  let id: string;
  const retranslate = (blockId: string, body: unknown = {}) =>
    owner.client.post(`/translations/${id}/passages/${blockId}/retranslate/`, body);

  beforeAll(async () => {
    h = await startPipelineHarness({
      llm: { latencyMs: 0 },
      env: { PASSAGE_RETRANSLATIONS_PER_TRANSLATION: '2', PASSAGE_CHANGES_PER_MINUTE: '10' },
    });
    ({ owner, id } = await translatedReaderBook(h));
  }, 120_000);
  afterAll(() => h?.close());

  it('translates one passage again with the instruction, the context and the glossary; free and bounded', async () => {
    const credits = await creditsRepository.balances(h.handle.db, owner.userId);
    const before = await translationsRepository.findById(h.handle.db, id);
    const edited = await owner.client.request('PUT', `/translations/${id}/passages/c1.b4/`, {
      body: { target: 'Más tarde Mara fue al molino<g1>1</g1>.' },
    });
    expect(edited.json().passage.edited).toBe(true);

    // One at a time per translation: of two at once, one is refused and not counted.
    h.llm.configure({ latencyMs: 300 });
    const pair = await Promise.all([
      retranslate('c1.b4', { instruction: 'in capitals' }),
      retranslate('c1.b4', { instruction: 'in capitals' }),
    ]);
    h.llm.configure({ latencyMs: 0 });
    expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const busy = pair.find((r) => r.statusCode === 409)!.json().error;
    expect(busy.details.reason).toBe('passage-retranslation-busy');
    const done = pair.find((r) => r.statusCode === 200)!.json();
    // The engine's new text is laid over the edit, marked as a re-translation.
    expect(done.passage).toMatchObject({
      block_id: 'c1.b4',
      edited: false,
      retranslated: true,
      target_text: expect.stringContaining('ARAM'),
    });
    expect(done.unchanged).toBeUndefined();
    expect(done.retranslations).toEqual({ used: 1, limit: 2, follows_instructions: true });

    const sent = h.llm
      .received()
      .map((messages) => messages.map(messageText).join('\n'))
      .filter((text) => text.includes('The reader asks for this translation: in capitals'));
    expect(sent).toHaveLength(1);
    const prompt = sent[0] as string;
    expect(prompt).toContain(`BLOCKS:\n${JSON.stringify({ '1': MARA })}`);
    expect(prompt).toContain('Context before: Read the <g1>river report</g1>');
    expect(prompt).toContain(`Its translation: ${reverseWords('Read the <g1>river report</g1>')}`);
    expect(prompt).toContain('Context after: Nobody in the village');
    const { brief } = (await owner.client.get(`/translations/${id}/brief/`)).json();
    const mara = brief.glossary.find((e: { source: string }) => e.source === 'Mara');
    expect(prompt).toContain(`Mara = ${mara.target}`);

    // The re-translation is undone like an edit: back to the edit it replaced, then the engine's text.
    const undo = () => owner.client.request('DELETE', `/translations/${id}/passages/c1.b4/`);
    expect((await undo()).json().passage).toMatchObject({
      edited: true,
      retranslated: false,
      target_text: 'Más tarde Mara fue al molino<g1>1</g1>.',
    });
    expect((await undo()).json().passage).toMatchObject({
      edited: false,
      retranslated: false,
      target_text: reverseWords(MARA),
    });
    // The engine's answer again is the passage's text: said, not saved, not counted.
    const same = (await retranslate('c1.b4')).json();
    expect(same).toMatchObject({ unchanged: true, retranslations: { used: 1 } });
    expect(same.passage).toMatchObject({ retranslated: false, target_text: reverseWords(MARA) });

    // A failing engine answers 503 and gives the count back.
    h.llm.configure({ insufficientQuota: true });
    const failed = await retranslate('c1.b5');
    h.llm.configure({ insufficientQuota: false });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.details.reason).toBe('engine-failed');
    const page = (await owner.client.get(`/translations/${id}/passages/`)).json();
    expect(page.retranslations).toEqual({ used: 1, limit: 2, follows_instructions: true });

    expect((await retranslate('c1.b5', { instruction: 'in capitals' })).json().retranslations).toEqual({
      used: 2,
      limit: 2,
      follows_instructions: true,
    });
    const limited = await retranslate('c1.b2', { instruction: 'shorter' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { reason: 'passage-retranslation-limit', limit: 2, used: 2 },
    });
    expect(limited.json().error.message).toContain('its 2 re-translations');

    // Paid requests count against the translation's provider ceiling; no credit moves.
    const after = await translationsRepository.findById(h.handle.db, id);
    expect(after!.providerRequests).toBeGreaterThan(before!.providerRequests + 1);
    expect(await creditsRepository.balances(h.handle.db, owner.userId)).toEqual(credits);
  }, 60_000);

  it('refuses a passage without words (a year) before asking the engine or counting it', async () => {
    const first = (await owner.client.get(`/translations/${id}/passages/`)).json();
    const page = (await owner.client.get(`/translations/${id}/passages/?chapter=1`)).json();
    const number = page.passages.find(
      (p: { source: { type: string; text?: string }[] }) =>
        p.source.map((s) => s.text ?? '').join('') === '1916',
    );
    expect(number, JSON.stringify(page.passages.map((p: { source: unknown }) => p.source))).toBeDefined();
    const requests = h.llm.received().length;
    const refused = await retranslate(number.block_id, { instruction: 'in capitals' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details.reason).toBe('nothing-to-translate');
    expect(h.llm.received().length).toBe(requests);
    const again = (await owner.client.get(`/translations/${id}/passages/`)).json();
    expect(again.retranslations).toEqual(first.retranslations);
  });

  it('bounds the changes one client makes per minute (each may cost a rewrite of the files)', async () => {
    const undo = () => owner.client.request('DELETE', `/translations/${id}/passages/c1.b2/`);
    // The first test undid twice: 8 more reach the limit of 10.
    for (let i = 0; i < 8; i++) expect((await undo()).statusCode).toBe(200);
    const limited = await undo();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.details.retry_after_s).toBeGreaterThan(0);
  });
});

describe('re-translating with an engine that does not follow instructions (here the demo engine)', () => {
  let h: PipelineHarness;
  let owner: TestUser;
  let id: string;

  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 }, env: { TRANSLATION_ENGINE: 'demo' } });
    ({ owner, id } = await translatedReaderBook(h));
  }, 120_000);
  afterAll(() => h?.close());

  it('says so, refuses an instruction, and says an identical answer without counting it', async () => {
    const page = (await owner.client.get(`/translations/${id}/passages/`)).json();
    expect(page.retranslations).toEqual({ used: 0, limit: 50, follows_instructions: false });
    const url = `/translations/${id}/passages/c1.b4/retranslate/`;
    const refused = await owner.client.post(url, { instruction: 'more formal' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'instruction', reason: 'instruction-not-followed' },
    });
    expect(refused.json().error.message).toContain('does not follow instructions');
    // A blank instruction is no instruction; the demo engine can only answer what it gave before.
    const done = await owner.client.post(url, { instruction: '  ' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      unchanged: true,
      passage: { block_id: 'c1.b4', retranslated: false, edited: false },
      retranslations: { used: 0, limit: 50, follows_instructions: false },
    });
  });
});
