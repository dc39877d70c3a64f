import type { TranslationStatus } from '@booktranslate/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wireBook, wireId, wireTranslation, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { BookLibrary } from './BookLibrary';

const book = (status: TranslationStatus) =>
  wireBook({
    title: 'Dracula',
    created_at: new Date().toISOString(),
    translations: [wireTranslation({ target_language: 'es', status, progress: 40 })],
  });

describe('BookLibrary polling', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
  });

  it('refreshes every 15 s while a translation is in progress and stops when none is', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status: TranslationStatus = 'translating';
    server = await startApiServer({
      'GET /books/': () => ({ json: { items: [book(status)], total: 1, page: 1, limit: 10 } }),
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    expect(await screen.findByText('Dracula')).toBeInTheDocument();
    expect(screen.getByText('Unknown Author')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /Spanish/ })).toHaveAttribute('aria-valuenow', '40');
    expect(server.count('GET /books/')).toBe(1);

    await act(async () => vi.advanceTimersByTime(15_000));
    await waitFor(() => expect(server?.count('GET /books/')).toBe(2));

    status = 'completed';
    await act(async () => vi.advanceTimersByTime(15_000));
    await waitFor(() => expect(server?.count('GET /books/')).toBe(3));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());

    await act(async () => vi.advanceTimersByTime(60_000));
    expect(server.count('GET /books/')).toBe(3);
  });

  it('shows an error state, not fake data, when the books API is missing', async () => {
    server = await startApiServer({});
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your books could not be loaded: Not found');
  });

  it('asks for 10 more books when the user has more than 10', async () => {
    const all = Array.from({ length: 12 }, (_, i) => ({
      ...book('completed'),
      id: wireId(`b${i}`),
      title: `Book ${i + 1}`,
    }));
    server = await startApiServer({
      'GET /books/': (req) => {
        const limit = Number(new URL(req.url ?? '', 'http://x').searchParams.get('limit'));
        return { json: { items: all.slice(0, limit), total: all.length, page: 1, limit } };
      },
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    expect(await screen.findByText('Book 10')).toBeInTheDocument();
    expect(screen.queryByText('Book 11')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show more books (2 more)' }));
    expect(await screen.findByText('Book 12')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show more books/ })).toBeNull();
  });

  it('shows the empty library text', async () => {
    server = await startApiServer({
      'GET /books/': () => ({ json: { items: [], total: 0, page: 1, limit: 10 } }),
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    expect(await screen.findByText("You don't have any books in your library yet")).toBeInTheDocument();
  });
});
