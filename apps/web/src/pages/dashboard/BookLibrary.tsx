import type { Book } from '@booktranslate/contract';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { type BookFilter, filterBooks } from '../../lib/bookFilter';
import { groupBySeries } from '../../lib/seriesGroups';
import { BookCard } from './BookCard';
import { LibrarySkeleton } from './LibrarySkeleton';
import { LibraryToolbar } from './LibraryToolbar';
import { SeriesShelf } from './SeriesShelf';
import { useBooks } from './useBooks';
import { useSeries, useSeriesFollowsBooks } from './useSeries';

interface Props {
  onAddTranslation: (book: Book) => void;
  onChanged: (toast?: string) => Promise<void>;
}

export function BookLibrary({ onAddTranslation, onChanged }: Props) {
  const [limit, setLimit] = useState(10);
  const books = useBooks(limit);
  const list = books.data?.books;
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<BookFilter>('all');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const shown = filterBooks(list ?? [], search, filter);
  const series = useSeries();
  const entries = groupBySeries(shown, series.data ?? []);
  const listClass = `grid gap-4 grid-cols-1 ${view === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : ''}`;
  useSeriesFollowsBooks(books.dataUpdatedAt);

  return (
    <section aria-labelledby="books-title" className="mt-10">
      <h2 id="books-title" className="text-2xl font-bold">
        Your Books
      </h2>
      <LibraryToolbar
        search={search}
        onSearch={setSearch}
        filter={filter}
        onFilter={setFilter}
        view={view}
        onView={setView}
      />
      {books.isPending && <LibrarySkeleton view={view} />}
      {books.isError && !books.data && (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          <p>Your books could not be loaded: {books.error.message}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => books.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {list && list.length === 0 && (
        <p className="mt-6 text-slate-600 dark:text-slate-300">
          You don't have any books in your library yet
        </p>
      )}
      {list && list.length > 0 && shown.length === 0 && (
        <div className="mt-6 text-center">
          <p className="font-medium">No books found</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Try adjusting your search or filters...
          </p>
        </div>
      )}
      <ul className={`mt-6 ${listClass}`}>
        {entries.map((entry) =>
          entry.kind === 'series' ? (
            <li key={entry.series.id} className="col-span-full">
              <SeriesShelf
                series={entry.series}
                books={entry.books}
                view={view}
                listClass={listClass}
                onAddTranslation={onAddTranslation}
                onChanged={onChanged}
              />
            </li>
          ) : (
            <li key={entry.book.id}>
              <BookCard
                book={entry.book}
                view={view}
                onAddTranslation={() => onAddTranslation(entry.book)}
                onChanged={onChanged}
              />
            </li>
          ),
        )}
      </ul>
      {list && books.data && books.data.total > list.length && (
        <div className="mt-6 text-center">
          <Button variant="outline" loading={books.isPlaceholderData} onClick={() => setLimit((l) => l + 10)}>
            Show more books ({books.data.total - list.length} more)
          </Button>
        </div>
      )}
    </section>
  );
}
