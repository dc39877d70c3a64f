import type { SeriesGlossaryEntry } from '@booktranslate/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wireBook, wireError, wireId, wireSeries, wireTranslation, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { BookLibrary } from './BookLibrary';

const SERIES = wireSeries();
// Newest first, as the library lists them: volume 2, a book in no series, volume 1.
const BOOKS = [
  wireBook({ id: wireId('b2'), title: 'The Second Mill' }),
  wireBook({
    id: wireId('b9'),
    title: 'Dracula',
    translations: [wireTranslation({ id: wireId('c9'), book_id: wireId('b9'), status: 'completed' })],
  }),
  wireBook({ id: wireId('b1'), title: 'The First Mill' }),
];
const booksRoute = () => ({ json: { items: BOOKS, total: BOOKS.length, page: 1, limit: 10 } });
const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 4 })
    .map((h) => h.textContent);

describe('BookLibrary: series', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
  });

  it('shows a series’ books together in volume order, the others as they were, through search and list view', async () => {
    server = await startApiServer({
      'GET /books/': booksRoute,
      'GET /series/': () => ({ json: { items: [SERIES] } }),
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    const shelf = await screen.findByRole('region', { name: 'The Mill Stories' });
    const volumes = within(shelf).getByRole('list', { name: 'Books of The Mill Stories' });
    expect(titles(volumes)).toEqual(['The First Mill', 'The Second Mill']);
    expect(within(volumes).getByText('Vol. 1')).toBeInTheDocument();
    expect(within(volumes).getByText('Vol. 2')).toBeInTheDocument();
    expect(within(shelf).queryByText('Dracula')).toBeNull();
    // The book in no series keeps its own card, after the series (whose newest volume came first).
    const dracula = screen.getByRole('heading', { name: 'Dracula', level: 3 });
    expect(shelf.compareDocumentPosition(dracula) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: /Search books/ }), 'second');
    expect(titles(screen.getByRole('list', { name: 'Books of The Mill Stories' }))).toEqual([
      'The Second Mill',
    ]);
    expect(screen.queryByText('Dracula')).toBeNull();
    await userEvent.clear(screen.getByRole('searchbox', { name: /Search books/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(screen.queryByRole('region', { name: 'The Mill Stories' })).toBeNull();
    expect(screen.getByText('Dracula')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(titles(screen.getByRole('list', { name: 'Books of The Mill Stories' }))).toEqual([
      'The First Mill',
      'The Second Mill',
    ]);
  });

  it('shows the books ungrouped when the series cannot be loaded', async () => {
    server = await startApiServer({
      'GET /books/': booksRoute,
      'GET /series/': () => ({ status: 500, json: wireError('INTERNAL_ERROR', 'Server error occurred') }),
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    expect(await screen.findByRole('heading', { name: 'The First Mill', level: 3 })).toBeInTheDocument();
    await waitFor(() => expect(server?.count('GET /series/')).toBe(1));
    expect(screen.queryByRole('region', { name: 'The Mill Stories' })).toBeNull();
    expect(screen.queryByText(/^Vol\./)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('edits the series glossary from the series’ heading: a rendering changed, one deleted, one added', async () => {
    let sent: { target_language: string; entries: SeriesGlossaryEntry[] } | undefined;
    const french = [{ source: 'Mara', target: 'Mara', kind: 'character' as const }];
    const both = wireSeries({ glossaries: { ...SERIES.glossaries, fr: french } });
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /books/': booksRoute,
      'GET /series/': () => ({ json: { items: [both] } }),
      [`GET /series/${both.id}/`]: () => ({ json: both }),
      [`PUT /series/${both.id}/glossary/`]: (_req, body) => {
        sent = JSON.parse(body);
        return {
          json: { ...both, glossaries: { ...both.glossaries, [sent?.target_language ?? '']: sent?.entries } },
        };
      },
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    const shelf = await screen.findByRole('region', { name: 'The Mill Stories' });
    await userEvent.click(within(shelf).getByRole('button', { name: 'Series glossary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Series glossary: The Mill Stories' });
    const language = await within(dialog).findByRole('combobox', { name: 'Translation into' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^Spanish/), expect.stringMatching(/^French/)]);
    expect(within(dialog).getByText('Millbrook')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Rendering of Millbrook' })).toHaveValue(
      'Arroyo del Molino',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Kind of Millbrook' })).toHaveValue('place');

    const mara = within(dialog).getByRole('textbox', { name: 'Rendering of Mara' });
    await userEvent.clear(mara);
    await userEvent.type(mara, 'Marianne');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Millbrook' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'New term 1' }), 'Tobin');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Rendering of Tobin' }), 'Tobías');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save glossary' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Saved. The next volume you translate starts from these names.',
    );
    // Only the language that changed is sent, whole.
    expect(server.count(`PUT /series/${both.id}/glossary/`)).toBe(1);
    expect(sent).toEqual({
      target_language: 'es',
      entries: [
        { source: 'Tobin', target: 'Tobías', kind: 'character' },
        { source: 'Mara', target: 'Marianne', kind: 'character' },
      ],
    });
    await userEvent.selectOptions(language, 'fr');
    expect(within(dialog).getByRole('textbox', { name: 'Rendering of Mara' })).toHaveValue('Mara');
  });

  it('says the glossary fills in when a volume finishes, when the series has none yet', async () => {
    const empty = wireSeries({ glossaries: {} });
    server = await startApiServer({
      'GET /books/': booksRoute,
      'GET /series/': () => ({ json: { items: [empty] } }),
      [`GET /series/${empty.id}/`]: () => ({ json: empty }),
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    const shelf = await screen.findByRole('region', { name: 'The Mill Stories' });
    await userEvent.click(within(shelf).getByRole('button', { name: 'Series glossary' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/It fills in when a volume’s translation finishes/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save glossary' })).toBeNull();
  });

  it('asks for the series again when the books reload, so a book just prepared joins its series', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let joined = false;
    const running = [
      wireBook({
        id: wireId('b2'),
        title: 'The Second Mill',
        translations: [wireTranslation({ book_id: wireId('b2'), status: 'translating', progress: 10 })],
      }),
    ];
    server = await startApiServer({
      'GET /books/': () => ({ json: { items: running, total: 1, page: 1, limit: 10 } }),
      'GET /series/': () => ({ json: { items: joined ? [SERIES] : [] } }),
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    expect(await screen.findByRole('heading', { name: 'The Second Mill', level: 3 })).toBeInTheDocument();
    await waitFor(() => expect(server?.count('GET /series/')).toBe(1));
    joined = true;
    await act(async () => vi.advanceTimersByTime(15_000));
    await waitFor(() => expect(server?.count('GET /books/')).toBe(2));
    expect(await screen.findByRole('heading', { name: 'The Second Mill', level: 4 })).toBeInTheDocument();
    expect(screen.getByText('Vol. 2')).toBeInTheDocument();
    expect(server.count('GET /series/')).toBe(2);
  });
});
