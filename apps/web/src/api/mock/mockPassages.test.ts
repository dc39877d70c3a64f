import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRequest } from './mockApi';
import { MOCK_RETRANSLATIONS } from './mockPassages';

type Chapter = {
  chapter: number;
  chapters: { flagged: number }[];
  passages: { block_id: string; target_text: string | null; edited: boolean; flags: unknown[] }[];
  retranslations: { used: number; limit: number };
};

async function completedTranslation(email: string) {
  await mockRequest('POST', '/auth/register/', { email });
  await mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' });
  const created = (await mockRequest('POST', '/books/', { filename: 'lighthouse.epub' })) as {
    data: { translation: { id: string } };
  };
  vi.setSystemTime(Date.now() + 5000);
  return created.data.translation.id;
}

describe('mock passages', () => {
  afterEach(() => vi.useRealTimers());

  it('reads a completed translation chapter by chapter, with flagged counts and marks', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await mockRequest('POST', '/auth/register/', { email: 'eve@example.com' });
    await mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' });
    const created = (await mockRequest('POST', '/books/', { filename: 'a.epub' })) as {
      data: { translation: { id: string } };
    };
    const id = created.data.translation.id;
    await expect(mockRequest('GET', `/translations/${id}/passages/`)).rejects.toMatchObject({ code: 409 });
    vi.setSystemTime(Date.now() + 5000);
    const first = (await mockRequest('GET', `/translations/${id}/passages/`)) as Chapter;
    expect(first.chapters.map((c) => c.flagged)).toEqual([3, 0, 2]);
    const last = (await mockRequest('GET', `/translations/${id}/passages/`, { chapter: '2' })) as Chapter;
    expect(last.chapter).toBe(2);
    expect(last.passages[1]).toMatchObject({ target_text: null, flags: [{ reason: 'untranslated' }] });
  });

  it('edits (refusing a text without every marker), undoes and re-translates up to the allowance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const id = await completedTranslation('fay@example.com');
    const path = `/translations/${id}/passages/c0-p1/`;
    const refused = await mockRequest('PUT', path, { target: 'Sin marcas' }).catch((e) => e);
    expect(refused).toMatchObject({
      code: 400,
      errorCode: 'VALIDATION_ERROR',
      details: { field: 'target', missing: ['<g1>…</g1>'] },
    });
    const edited = (await mockRequest('PUT', path, { target: 'El <g1>viejo</g1> Tomás.' })) as {
      passage: Chapter['passages'][number];
    };
    expect(edited.passage).toMatchObject({
      edited: true,
      flags: [],
      target_text: 'El <g1>viejo</g1> Tomás.',
    });
    const chapter = (await mockRequest('GET', `/translations/${id}/passages/`)) as Chapter;
    expect(chapter.chapters[0]?.flagged).toBe(2);
    const undone = (await mockRequest('DELETE', path)) as { passage: Chapter['passages'][number] };
    expect(undone.passage).toMatchObject({ edited: false, flags: [{ reason: 'glossary' }] });

    for (let i = 1; i <= MOCK_RETRANSLATIONS; i++)
      expect(await mockRequest('POST', `${path}retranslate/`, { instruction: 'more formal' })).toMatchObject({
        passage: { edited: false },
        retranslations: { used: i, limit: MOCK_RETRANSLATIONS },
      });
    await expect(mockRequest('POST', `${path}retranslate/`, {})).rejects.toMatchObject({
      code: 429,
      errorCode: 'RATE_LIMITED',
      details: { reason: 'passage-retranslation-limit' },
    });
  });
});
