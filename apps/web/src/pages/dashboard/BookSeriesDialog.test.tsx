import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wireBook, wireError, wireId, wireSeries, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { BookMenu } from './BookMenu';

const SERIES = wireSeries();
const book = wireBook({ id: wireId('b2'), title: 'The Second Mill' });

/** An API that lists `items` as the user's series and answers the book's PUT with `answer`, keeping each body sent. */
async function seriesApi(items: unknown[], answer: { series: unknown }) {
  const sent: unknown[] = [];
  const server = await startApiServer({
    'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
    'GET /series/': () => ({ json: { items } }),
    [`PUT /books/${book.id}/series/`]: (_req, body) => {
      sent.push(JSON.parse(body));
      return { json: answer };
    },
  });
  return { server, sent };
}

/** Opens "Series…" of the book's menu and answers its dialog. */
async function openSeriesDialog(onChanged = vi.fn(async (_toast?: string) => {})) {
  renderWith(<BookMenu book={book} onAddTranslation={() => {}} onChanged={onChanged} />, {
    user: wireUser(),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Actions for The Second Mill' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Series…' }));
  return { dialog: await screen.findByRole('dialog', { name: 'Series: The Second Mill' }), onChanged };
}

describe('BookMenu: Series…', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('shows the current series and volume, and saves a new name and volume', async () => {
    const api = await seriesApi([SERIES], { series: { ...SERIES, name: 'Mill Tales' } });
    server = api.server;
    const { sent } = api;
    const { dialog, onChanged } = await openSeriesDialog();
    const name = await within(dialog).findByRole('textbox', { name: 'Series name' });
    expect(name).toHaveValue('The Mill Stories');
    const volume = within(dialog).getByRole('textbox', { name: 'Volume' });
    expect(volume).toHaveValue('2');
    await userEvent.clear(name);
    await userEvent.type(name, 'Mill Tales');
    await userEvent.clear(volume);
    await userEvent.type(volume, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ name: 'Mill Tales', volume: 3 }]);
    expect(onChanged).toHaveBeenCalledWith('“The Second Mill” is in the series “Mill Tales”');
    // The library's series are asked for again.
    await waitFor(() => expect(server?.count('GET /series/')).toBe(2));
  });

  it('takes the book out with an empty name, and refuses a volume that is not a whole number', async () => {
    const api = await seriesApi([SERIES], { series: null });
    server = api.server;
    const { sent } = api;
    const { dialog, onChanged } = await openSeriesDialog();
    const volume = await within(dialog).findByRole('textbox', { name: 'Volume' });
    await userEvent.clear(volume);
    await userEvent.type(volume, '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A whole number from 0 to 10,000, or empty')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Series name' }));
    const submit = within(dialog).getAllByRole('button', { name: 'Remove from series' }).at(-1);
    await userEvent.click(submit as HTMLElement);
    await waitFor(() => expect(sent).toEqual([{ name: '', volume: null }]));
    expect(onChanged).toHaveBeenCalledWith('“The Second Mill” is in no series now');
  });

  it('puts a book in no series into a new one, and shows the server’s refusal', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /series/': () => ({ json: { items: [] } }),
      [`PUT /books/${book.id}/series/`]: () => ({
        status: 404,
        json: wireError('NOT_FOUND', 'Book not found'),
      }),
    });
    const { dialog } = await openSeriesDialog();
    const name = await within(dialog).findByRole('textbox', { name: 'Series name' });
    expect(name).toHaveValue('');
    expect(within(dialog).queryByRole('button', { name: 'Remove from series' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(name, 'The Mill Stories');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Book not found');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
