import type { Book } from '@booktranslate/contract';
import { languageLabel } from '@booktranslate/contract/languages';
import { useState } from 'react';
import { ProgressBar } from '../../components/ProgressBar';
import { clampProgress, isInProgress } from '../../lib/status';
import { timeAgoInSentence } from '../../lib/timeAgo';
import { AllTranslationsDialog } from './AllTranslationsDialog';
import { BookCover } from './BookCover';
import { BookMenu } from './BookMenu';
import { TranslationChip } from './TranslationChip';
import { TranslationDialog } from './TranslationDialog';
import { useLiveTranslations } from './useLiveTranslations';

interface Props {
  book: Book;
  view: 'grid' | 'list';
  /** The book's place in its series, shown as "Vol. 2" (null: in a series, place unknown). */
  volume?: number | null | undefined;
  /** 4 inside a series' group, under the series' own heading. */
  headingLevel?: 3 | 4;
  onAddTranslation: () => void;
  onChanged: (toast?: string) => Promise<void>;
}

// List rows share one grid, so every row's chips start at the same x and the menu ends the row.
const LAYOUT = {
  grid: { card: 'flex flex-col', head: 'pr-8', menu: 'absolute right-3 top-3', chips: '' },
  list: {
    card: 'grid grid-cols-[minmax(0,1fr)_auto] sm:grid-cols-[minmax(0,18rem)_minmax(0,1fr)_auto]',
    head: '',
    menu: 'col-start-2 row-start-1 sm:col-start-3',
    chips: 'col-span-2 sm:col-span-1 sm:col-start-2 sm:row-start-1',
  },
};

export function BookCard({ book, view, volume, headingLevel = 3, onAddTranslation, onChanged }: Props) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const translations = useLiveTranslations(book.translations, () => void onChanged());
  const [openId, setOpenId] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const open = translations.find((t) => t.id === openId);
  const maxChips = view === 'grid' ? 3 : 2;
  const chips = translations.slice(0, maxChips);
  const more = translations.length - chips.length;
  const busy = translations.filter((t) => isInProgress(t.status)).slice(0, 2);
  const layout = LAYOUT[view];

  return (
    <article
      className={`relative h-full gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800 ${layout.card}`}
    >
      <div className={`flex min-w-0 gap-4 ${layout.head}`}>
        <BookCover title={book.title} coverUrl={book.cover_url} />
        <div className="min-w-0 flex-1">
          {typeof volume === 'number' && (
            <p className="text-xs font-semibold text-indigo-700 dark:text-indigo-300">Vol. {volume}</p>
          )}
          <Heading dir="auto" className="line-clamp-2 font-semibold [overflow-wrap:anywhere]">
            {book.title}
          </Heading>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            {book.author || 'Unknown Author'}
          </p>
          {book.created_at && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Added {timeAgoInSentence(book.created_at)}
            </p>
          )}
        </div>
      </div>
      <div className={layout.menu}>
        <BookMenu book={book} onAddTranslation={onAddTranslation} onChanged={onChanged} />
      </div>
      <div className={`min-w-0 flex-1 space-y-2 ${layout.chips}`}>
        <ul aria-label="Translations" className="flex flex-wrap gap-1.5">
          {chips.map((t) => (
            <li key={t.id}>
              <TranslationChip translation={t} onOpen={() => setOpenId(t.id)} />
            </li>
          ))}
          {more > 0 && (
            <li>
              <button
                type="button"
                onClick={() => setShowAll(true)}
                className="rounded-full px-2 py-1 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
              >
                +{more} more
              </button>
            </li>
          )}
        </ul>
        {busy.map((t) => (
          <div key={t.id}>
            <p className="flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
              <span className="min-w-0 truncate">
                {languageLabel(t.target_language)}
                {t.current_chapter && (
                  <>
                    {' · '}
                    <span dir="auto">{t.current_chapter}</span>
                  </>
                )}
              </span>
              <span>{clampProgress(t.progress)}%</span>
            </p>
            <ProgressBar
              value={t.progress}
              label={`${languageLabel(t.target_language)} translation progress`}
            />
          </div>
        ))}
      </div>
      {showAll && (
        <AllTranslationsDialog
          book={book}
          translations={translations}
          onOpen={(t) => {
            setShowAll(false);
            setOpenId(t.id);
          }}
          onClose={() => setShowAll(false)}
        />
      )}
      {open && (
        <TranslationDialog
          book={book}
          translation={open}
          onClose={() => setOpenId(null)}
          onChanged={onChanged}
        />
      )}
    </article>
  );
}
