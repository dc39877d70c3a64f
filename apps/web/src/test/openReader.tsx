import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { wireBook, wireUser } from '../api/mock/wire';
import Reader from '../pages/reader/Reader';
import { startApiServer } from './apiServer';
import { renderWith } from './render';

/**
 * Starts the API fake with the book (The Lighthouse, or `book` laid over it) and the given passage
 * routes, renders the reader at /books/:bookId/translations/:translationId/read (plus `suffix`, a query
 * such as ?passage=…) and waits for the book's title. Close the returned server after the test.
 */
export async function openReader(options: {
  bookId: string;
  translationId: string;
  routes: Parameters<typeof startApiServer>[0];
  book?: Parameters<typeof wireBook>[0];
  suffix?: string;
}): Promise<Awaited<ReturnType<typeof startApiServer>>> {
  const { bookId, translationId, routes, book = {}, suffix = '' } = options;
  const server = await startApiServer({
    'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
    [`GET /books/${bookId}/`]: () => ({ json: wireBook({ id: bookId, title: 'The Lighthouse', ...book }) }),
    ...routes,
  });
  renderWith(
    <Routes>
      <Route path="/books/:bookId/translations/:translationId/read" element={<Reader />} />
    </Routes>,
    { user: wireUser(), path: `/books/${bookId}/translations/${translationId}/read${suffix}` },
  );
  await screen.findByRole('heading', { name: book.title ?? 'The Lighthouse' });
  return server;
}
