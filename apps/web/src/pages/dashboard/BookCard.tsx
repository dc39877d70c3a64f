import { languageLabel } from '@booktranslate/contract/languages';
import { useState } from 'react';
import type { Book, Translation } from '../../api/types';
import { ProgressBar } from '../../components/ProgressBar';
import { clampProgress, isInProgress, statusLabel } from '../../lib/status';
import { timeAgo } from '../../lib/timeAgo';
import { BookCover } from './BookCover';
import { BookMenu } from './BookMenu';
import { TranslationDialog } from './TranslationDialog';

interface Props {
  book: Book;
  view: 'grid' | 'list';
  onAddTranslation: () => void;
  onChanged: (toast?: string) => Promise<void>;
}

const chipColour = (status: string) =>
  status === 'completed'
    ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200'
    : status === 'failed' || status === 'canceled'
      ? 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-200'
      : 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-200';

export function BookCard({ book, view, onAddTranslation, onChanged }: Props) {
  const [open, setOpen] = useState<Translation | null>(null);
  const maxChips = view === 'grid' ? 3 : 2;
  const chips = book.translations.slice(0, maxChips);
  const more = book.translations.length - chips.length;
  const busy = book.translations.filter((t) => isInProgress(t.status)).slice(0, 2);

  return (
    <article
      className={`flex h-full gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800 ${view === 'grid' ? 'flex-col' : 'flex-row items-start'}`}
    >
      <div className="flex gap-4">
        <BookCover title={book.title} coverUrl={book.coverUrl} />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 font-semibold">{book.title}</h3>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            {book.author || 'Unknown Author'}
          </p>
          {book.createdAt && <p className="text-xs text-slate-500">Added {timeAgo(book.createdAt)}</p>}
        </div>
        <BookMenu book={book} onAddTranslation={onAddTranslation} onChanged={onChanged} />
      </div>
      <div className="flex-1 space-y-2">
        <ul aria-label="Translations" className="flex flex-wrap gap-1.5">
          {chips.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => setOpen(t)}
                className={`rounded-full px-2.5 py-1 text-xs font-medium ${chipColour(t.status)}`}
              >
                {languageLabel(t.targetLanguage)} · {statusLabel(t.status)}
              </button>
            </li>
          ))}
          {more > 0 && <li className="px-2 py-1 text-xs text-slate-500">+{more} more</li>}
        </ul>
        {busy.map((t) => (
          <div key={t.id}>
            <p className="flex justify-between text-xs text-slate-500">
              <span className="truncate">
                {languageLabel(t.targetLanguage)}
                {t.currentChapter ? ` · ${t.currentChapter}` : ''}
              </span>
              <span>{clampProgress(t.progress)}%</span>
            </p>
            <ProgressBar
              value={t.progress}
              label={`${languageLabel(t.targetLanguage)} translation progress`}
            />
          </div>
        ))}
      </div>
      {open && (
        <TranslationDialog
          book={book}
          translation={open}
          onClose={() => setOpen(null)}
          onChanged={onChanged}
        />
      )}
    </article>
  );
}
