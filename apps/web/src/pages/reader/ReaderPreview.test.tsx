import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  wireBook,
  wireId,
  wirePassage,
  wirePassagesAnswer,
  wireTranslation,
  wireUser,
} from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import Reader from './Reader';

const B1 = wireId('b1');
const T1 = wireId('c1');
const PREVIEW = { word_limit: 5000, words_translated: 4987, words_total: 26559 };
const text = (t: string) => [{ type: 'text' as const, text: t, marks: [] }];

const passages = [
  wirePassage({ block_id: 'p0', source: text('Alice was tired.'), target: text('Alicia estaba cansada.') }),
  wirePassage({
    block_id: 'p1',
    source: text('The rabbit ran.'),
    target: null,
    target_text: null,
    beyond_preview: true,
  }),
  wirePassage({
    block_id: 'p2',
    source: text('The queen shouted.'),
    target: null,
    target_text: null,
    flags: [{ reason: 'untranslated', message: 'Not translated' }],
  }),
];

describe('the reader of a Free preview', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  async function open(preview: typeof PREVIEW | null, shown = passages) {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`GET /books/${B1}/`]: () => ({
        json: wireBook({
          id: B1,
          title: 'Alice',
          translations: [wireTranslation({ id: T1, book_id: B1, status: 'completed', preview })],
        }),
      }),
      [`GET /translations/${T1}/passages/`]: () => ({
        json: wirePassagesAnswer({ translation_id: T1, passages: shown }),
      }),
      [`POST /translations/${T1}/complete/`]: () => ({
        json: wireTranslation({ id: T1, book_id: B1, status: 'pending', credit_tier: 'READER' }),
      }),
    });
    renderWith(
      <Routes>
        <Route path="/books/:bookId/translations/:translationId/read" element={<Reader />} />
        <Route path="/dashboard" element={<p>Your library</p>} />
      </Routes>,
      { user: wireUser(), path: `/books/${B1}/translations/${T1}/read` },
    );
    await screen.findByRole('heading', { name: 'Alice' });
  }
  const row = (n: number) => screen.getByRole('listitem', { name: new RegExp(`^Passage ${n}\\b`) });

  it('marks the passages past the preview as beyond it, not as a failure, and offers to translate the rest', async () => {
    await open(PREVIEW);
    expect(within(row(2)).getByText('Beyond the Free preview')).toBeInTheDocument();
    expect(within(row(2)).queryByText('Not translated')).toBeNull();
    expect(row(2)).not.toHaveAccessibleName(/flagged/);
    // A passage the engine failed on still says so.
    expect(within(row(3)).getAllByText('Not translated').length).toBeGreaterThan(0);
    const notice = await screen.findByRole('region', { name: 'Free preview' });
    expect(notice).toHaveTextContent('This is a Free preview: the first 5,000 of 26,559 words.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Translate the rest' }));
    await screen.findByText('Your library');
    expect(server?.count(`POST /translations/${T1}/complete/`)).toBe(1);
  });

  it('says nothing of a preview for a translation of the whole book', async () => {
    await open(
      null,
      passages.filter((p) => !p.beyond_preview),
    );
    await waitFor(() => expect(row(1)).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Free preview' })).toBeNull();
    expect(screen.queryByText(/Free preview/)).toBeNull();
  });
});
