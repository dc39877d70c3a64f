import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wireBook, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { BookLibrary } from './BookLibrary';

describe('the library while it loads', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('shows book-shaped stand-ins, not a blank area, until the books arrive', async () => {
    server = await startApiServer({
      'GET /books/': () => ({
        json: { items: [wireBook({ title: 'Dracula' })], total: 1, page: 1, limit: 10 },
      }),
    });
    renderWith(<BookLibrary onAddTranslation={() => {}} onChanged={async () => {}} />, { user: wireUser() });
    expect(screen.getByRole('status', { name: 'Loading your books' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('book-skeleton')).toHaveLength(3);
    expect(await screen.findByText('Dracula')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your books' })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('book-skeleton')).toHaveLength(0);
  });
});
