import type { Book } from '@booktranslate/contract';
import { useRef, useState } from 'react';
import { originalDownloadUrl } from '../../api/books';
import { useMenu } from '../../hooks/useMenu';
import { BookSeriesDialog } from './BookSeriesDialog';
import { DeleteBookDialog } from './DeleteBookDialog';

const item = 'block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';

export function BookMenu({
  book,
  onAddTranslation,
  onChanged,
}: {
  book: Book;
  onAddTranslation: () => void;
  onChanged: (t?: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editSeries, setEditSeries] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // The chosen item disappears with the menu; focus goes back to the trigger first, so a dialog
  // opened from the menu returns focus there when it closes.
  const choose = (action: () => void) => () => {
    trigger.current?.focus();
    setOpen(false);
    action();
  };

  useMenu(open, setOpen, ref, trigger);

  const downloadOriginal = async () => {
    setError(null);
    try {
      window.location.assign(await originalDownloadUrl(book.id));
    } catch (err) {
      setError(
        err instanceof Error && err.message !== 'Download failed'
          ? 'An error occurred while downloading the book.'
          : 'Failed to download book. Please try again.',
      );
    }
  };

  return (
    <div ref={ref} className="relative ml-auto">
      <button
        ref={trigger}
        type="button"
        aria-label={`Actions for ${book.title}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        ⋮
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-20 mt-1 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <button role="menuitem" type="button" className={item} onClick={choose(downloadOriginal)}>
            Download original
          </button>
          <button role="menuitem" type="button" className={item} onClick={choose(onAddTranslation)}>
            Add translation
          </button>
          <button role="menuitem" type="button" className={item} onClick={choose(() => setEditSeries(true))}>
            Series…
          </button>
          <button
            role="menuitem"
            type="button"
            className={`${item} text-red-600`}
            onClick={choose(() => setConfirmDelete(true))}
          >
            Delete
          </button>
        </div>
      )}
      {error && (
        <p
          role="alert"
          className="absolute right-0 z-10 mt-1 w-56 rounded-lg border border-red-200 bg-red-50 p-2 text-xs text-red-800 shadow dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error}{' '}
          <button type="button" className="underline" onClick={() => setError(null)}>
            Dismiss
          </button>
        </p>
      )}
      {editSeries && (
        <BookSeriesDialog
          book={book}
          onClose={() => setEditSeries(false)}
          onSaved={(toast) => onChanged(toast)}
        />
      )}
      {confirmDelete && (
        <DeleteBookDialog
          book={book}
          onClose={() => setConfirmDelete(false)}
          onDeleted={() => onChanged('Book successfully deleted!')}
        />
      )}
    </div>
  );
}
