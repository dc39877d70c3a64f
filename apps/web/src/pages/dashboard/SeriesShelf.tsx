import type { Book, Series } from '@booktranslate/contract';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { BookCard } from './BookCard';
import { SeriesGlossaryDialog } from './SeriesGlossaryDialog';

interface Props {
  series: Series;
  books: { book: Book; volume: number | null }[];
  view: 'grid' | 'list';
  /** The classes of the library's own list, so a series' cards line up with the others. */
  listClass: string;
  onAddTranslation: (book: Book) => void;
  onChanged: (toast?: string) => Promise<void>;
}

/** The shown books of one series under its name, in volume order, with the series' glossary a click away. */
export function SeriesShelf({ series, books, view, listClass, onAddTranslation, onChanged }: Props) {
  const headingId = useId();
  const [glossary, setGlossary] = useState(false);
  const count = series.books.length;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-3 sm:p-4 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} dir="auto" className="text-lg font-semibold [overflow-wrap:anywhere]">
            {series.name}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Series · {count} {count === 1 ? 'book' : 'books'}
          </p>
        </div>
        <Button size="sm" variant="outline" onClick={() => setGlossary(true)}>
          Series glossary
        </Button>
      </div>
      <ul aria-label={`Books of ${series.name}`} className={`mt-3 ${listClass}`}>
        {books.map(({ book, volume }) => (
          <li key={book.id}>
            <BookCard
              book={book}
              view={view}
              volume={volume}
              headingLevel={4}
              onAddTranslation={() => onAddTranslation(book)}
              onChanged={onChanged}
            />
          </li>
        ))}
      </ul>
      {glossary && <SeriesGlossaryDialog series={series} onClose={() => setGlossary(false)} />}
    </section>
  );
}
