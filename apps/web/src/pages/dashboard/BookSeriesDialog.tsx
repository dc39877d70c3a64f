import type { Book } from '@booktranslate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { setBookSeries } from '../../api/series';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { InlineError } from '../../components/InlineError';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { bookSeries } from '../../lib/seriesGroups';
import { SERIES_KEY, useSeries } from './useSeries';

/** A volume as typed: '' is unknown (null), else a whole number from 0 to 10,000, or undefined when not. */
function volumeOf(text: string): number | null | undefined {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 10_000 ? n : undefined;
}

/**
 * "Series…" of the book menu: the series' name (the server's suggestion from the book's metadata,
 * or the user's) and the volume; saving an empty name, or "Remove from series", takes the book out.
 */
export function BookSeriesDialog({
  book,
  onClose,
  onSaved,
}: {
  book: Book;
  onClose: () => void;
  onSaved: (toast: string) => void;
}) {
  const series = useSeries();
  if (series.isPending)
    return (
      <Dialog title="Series" onClose={onClose}>
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading...</p>
      </Dialog>
    );
  const current = bookSeries(series.data, book.id);
  return (
    <SeriesForm
      book={book}
      name={current?.series.name ?? ''}
      volume={current?.volume ?? null}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function SeriesForm(props: {
  book: Book;
  name: string;
  volume: number | null;
  onClose: () => void;
  onSaved: (toast: string) => void;
}) {
  const { book, onClose, onSaved } = props;
  const queryClient = useQueryClient();
  const [name, setName] = useState(props.name);
  const [volume, setVolume] = useState(props.volume === null ? '' : String(props.volume));
  const [volumeError, setVolumeError] = useState<string | undefined>();
  const { busy, error, run } = useSubmit();
  const inSeries = props.name !== '';

  const save = (nextName: string) =>
    run(async () => {
      const n = volumeOf(volume);
      if (n === undefined && nextName) {
        setVolumeError('A whole number from 0 to 10,000, or empty');
        return;
      }
      setVolumeError(undefined);
      await setBookSeries(book.id, nextName, n ?? null);
      await queryClient.invalidateQueries({ queryKey: SERIES_KEY });
      onClose();
      onSaved(
        nextName ? `“${book.title}” is in the series “${nextName}”` : `“${book.title}” is in no series now`,
      );
    });

  return (
    <Dialog title={`Series: ${book.title}`} onClose={onClose}>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save(name.trim());
        }}
      >
        <p className="text-sm text-slate-600 dark:text-slate-300">
          The books of a series sit together in your library and share one glossary, so a name stays the same
          from one volume to the next.
        </p>
        <TextField label="Series name" value={name} onChange={setName} maxLength={200} autoComplete="off" />
        <Field label="Volume" error={volumeError}>
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              value={volume}
              placeholder="Unknown"
              onChange={(e) => setVolume(e.target.value)}
            />
          )}
        </Field>
        {inSeries && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void save('')}>
            Remove from series
          </Button>
        )}
        {error && <InlineError>{error}</InlineError>}
        <DialogActions onClose={onClose} closeLabel="Cancel" closeDisabled={busy}>
          <Button type="submit" loading={busy} disabled={!name.trim() && !inSeries}>
            {name.trim() || !inSeries ? 'Save' : 'Remove from series'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
