import type { IncomingMessage } from 'node:http';
import { placeholderEdits } from '@booktranslate/contract/testing/placeholder-edits';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRequest } from '../api/mock/mockApi';
import { wirePassage } from '../api/mock/wire';
import { editProblem, type MarkerInfo, parsePlaceholders } from '../lib/placeholders';
import { fakePassages } from './fakePassages';

// The server's passages tests run the same table (placeholder-problems.test.ts): the web's check,
// the component tests' fake and mock mode refuse exactly what the server refuses, in its words.
const { source, kinds, edits } = placeholderEdits;
const markers = new Map<number, MarkerInfo>(
  Object.entries(kinds).map(([n, kind]) => [
    Number(n),
    { kind, href: null, label: null, tag: source.includes(`<x${n}/>`) },
  ]),
);

describe('the edit check of the web', () => {
  afterEach(() => vi.useRealTimers());

  it.each(edits)('answers like the server: $name', ({ target, message }) => {
    expect(editProblem(target, markers)?.message ?? null).toBe(message);
  });

  it.each(edits)('is the component tests’ fake’s: $name', ({ target, message }) => {
    const passage = wirePassage({ block_id: 'b1', source: parsePlaceholders(source, markers) });
    const fake = fakePassages('t1', [{ title: 'One', passages: [passage] }]);
    const put = fake.routes['PUT /translations/t1/passages/b1/'];
    const answer = put?.({} as IncomingMessage, JSON.stringify({ target }));
    if (message === null) expect(answer?.status).toBeUndefined();
    else
      expect(answer).toMatchObject({
        status: 400,
        json: { error: { code: 'VALIDATION_ERROR', message, details: { field: 'target' } } },
      });
  });

  it('is mock mode’s: a marker used twice is refused as the server refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await mockRequest('POST', '/auth/register/', { email: 'gil@example.com' });
    await mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' });
    const created = (await mockRequest('POST', '/books/', { filename: 'lighthouse.epub' })) as {
      data: { translation: { id: string } };
    };
    vi.setSystemTime(Date.now() + 5000);
    const path = `/translations/${created.data.translation.id}/passages/c0-p1/`;
    const refused = await mockRequest('PUT', path, { target: '<g1>a</g1> <g1>b</g1>' }).catch((e) => e);
    expect(refused).toMatchObject({
      code: 400,
      errorCode: 'VALIDATION_ERROR',
      message: 'Each marker of the original once, opened and closed in order (g1 appears twice)',
    });
  });
});
