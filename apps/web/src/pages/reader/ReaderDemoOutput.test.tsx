import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { wireBook, wireId, wirePassage, wireTranslation } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { fakePassages } from '../../test/fakePassages';
import { renderWith, testUser } from '../../test/render';
import Reader from './Reader';

const B1 = wireId('b1');
const T1 = wireId('c1');

describe('the reader header says when a translation is demo output', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  async function open(demo: boolean) {
    const passages = [wirePassage({ block_id: 'p0', target_text: 'Lorem ipsum (demo).' })];
    const fake = fakePassages(T1, [{ title: 'One', passages }]);
    const translation = wireTranslation({
      id: T1,
      book_id: B1,
      status: 'completed',
      progress: 100,
      engine: demo ? 'demo' : 'apertium',
      engine_is_demo: demo,
    });
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`GET /books/${B1}/`]: () => ({
        json: wireBook({ id: B1, title: 'The Lighthouse', translations: [translation] }),
      }),
      ...fake.routes,
    });
    renderWith(
      <Routes>
        <Route path="/books/:bookId/translations/:translationId/read" element={<Reader />} />
      </Routes>,
      { user: testUser(), path: `/books/${B1}/translations/${T1}/read` },
    );
    await screen.findByRole('heading', { name: 'The Lighthouse' });
  }

  it('labels the demo engine output as placeholder text', async () => {
    await open(true);
    expect(await screen.findByText(/^Demo output: placeholder text/)).toBeVisible();
  });

  it('says nothing of a demo for a real engine translation', async () => {
    await open(false);
    expect(screen.getByText(/Read and review/)).toBeVisible();
    expect(screen.queryByText(/Demo output/)).toBeNull();
  });
});
