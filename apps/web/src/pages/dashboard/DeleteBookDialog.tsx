import type { Book } from '@booktranslate/contract';
import { useState } from 'react';
import { deleteBook } from '../../api/books';
import { httpStatus } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';

export function DeleteBookDialog({
  book,
  onClose,
  onDeleted,
}: {
  book: Book;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteBook(book.id);
      onClose();
      onDeleted();
    } catch (err) {
      setBusy(false);
      setError(
        httpStatus(err) !== undefined
          ? 'Failed to delete book. Please try again.'
          : 'An error occurred while deleting the book.',
      );
    }
  };
  return (
    <Dialog title="Delete Book" onClose={onClose}>
      <p className="text-slate-600 dark:text-slate-300">
        Are you sure you want to delete <strong>{book.title}</strong>? This action cannot be undone. All
        translations and files will be permanently deleted.
      </p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <DialogActions onClose={onClose} closeLabel="Cancel" closeDisabled={busy}>
        <Button variant="danger" onClick={confirm} disabled={busy}>
          {busy ? 'Deleting...' : 'Delete Book'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
