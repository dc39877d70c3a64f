import type { Book } from '@booktranslate/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireBook, wireId, wireTranslation, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { BookCard } from './BookCard';

const CHAPTER = 'פרק ראשון: הבית';
const book = (over: Partial<Book> = {}): Book =>
  wireBook({
    title: 'הספר העברי',
    author: 'Sholem Aleichem',
    original_language: 'he',
    created_at: new Date().toISOString(),
    translations: [
      wireTranslation({
        id: wireId('t1'),
        target_language: 'en',
        status: 'translating',
        progress: 40,
        current_chapter: CHAPTER,
      }),
    ],
    ...over,
  });

describe('BookCard', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('lets a right-to-left title and chapter set their own direction, on the card and in the dialog', async () => {
    server = await startApiServer({});
    renderWith(
      <BookCard book={book()} view="grid" onAddTranslation={() => {}} onChanged={async () => {}} />,
      {
        user: wireUser(),
      },
    );
    expect(screen.getByRole('heading', { name: 'הספר העברי' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByText(CHAPTER)).toHaveAttribute('dir', 'auto');
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Translations' })).getAllByRole('button')[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CHAPTER)).toHaveAttribute('dir', 'auto');
  });

  it('says "Added just now", in sentence case', () => {
    renderWith(
      <BookCard
        book={book({ translations: [] })}
        view="list"
        onAddTranslation={() => {}}
        onChanged={async () => {}}
      />,
      { user: wireUser() },
    );
    expect(screen.getByText('Added just now')).toBeInTheDocument();
  });
});
