import type { Brief } from '@booktranslate/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getBrief, saveBrief } from '../../api/translations';
import { type BriefAnswer, emptyBrief } from '../../api/types';
import { Button } from '../../components/Button';
import { BriefEditor } from './BriefEditor';
import { KeepForSeries } from './KeepForSeries';

/**
 * The translation brief (genre, register, style, glossary) the engine follows; readable and editable.
 * The edit button and the editor's save sit at the top, above the glossary, which scrolls on its own.
 * When the book (`bookId`) is in a series, its glossary can be kept for the series.
 */
export function BriefPanel({
  translationId,
  bookId,
  open,
}: {
  translationId: string;
  bookId?: string;
  open?: boolean;
}) {
  const queryClient = useQueryClient();
  const key = ['brief', translationId];
  const answer = useQuery({ queryKey: key, queryFn: () => getBrief(translationId), retry: false });
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const save = async (next: Brief) => {
    const state = await saveBrief(translationId, next);
    queryClient.setQueryData<BriefAnswer>(key, state);
    setEditing(false);
    setSaved(
      state.changed_terms.length
        ? `Saved. Passages with the ${state.changed_terms.length === 1 ? 'changed term are' : `${state.changed_terms.length} changed terms are`} being translated again.`
        : 'Saved.',
    );
  };
  const b = answer.data?.brief;

  return (
    <details open={open} className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold">Translation brief and glossary</summary>
      {answer.data?.engine_follows_glossary === false && (
        <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          This engine does not use the glossary: the terms below do not change its translation.
        </p>
      )}
      {answer.isPending && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading brief...</p>
      )}
      {answer.isError && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The brief could not be loaded: {answer.error.message}
        </p>
      )}
      {saved && !editing && (
        <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
          {saved}
        </p>
      )}
      {answer.isSuccess && !editing && (
        <Button
          size="sm"
          variant="outline"
          className="mt-2"
          onClick={() => {
            setSaved(null);
            setEditing(true);
          }}
        >
          Edit brief
        </Button>
      )}
      {answer.isSuccess && !b && !editing && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The brief is written while the book is analysed.
        </p>
      )}
      {b && !editing && <BriefView brief={b} />}
      {b && !editing && bookId && b.glossary.length > 0 && (
        <KeepForSeries translationId={translationId} bookId={bookId} />
      )}
      {answer.isSuccess && editing && (
        <BriefEditor brief={b ?? emptyBrief} onSave={save} onCancel={() => setEditing(false)} />
      )}
    </details>
  );
}

function BriefView({ brief: b }: { brief: Brief }) {
  return (
    <div className="mt-2 space-y-1 text-sm">
      {b.genre && (
        <p>
          <strong>Genre:</strong> {b.genre}
        </p>
      )}
      {b.register && (
        <p>
          <strong>Register:</strong> {b.register}
        </p>
      )}
      {b.narrator && (
        <p>
          <strong>Narrator:</strong> {b.narrator}
        </p>
      )}
      {b.summary && <p>{b.summary}</p>}
      {b.style_notes && (
        <p>
          <strong>Style notes:</strong> {b.style_notes}
        </p>
      )}
      {b.glossary.length > 0 ? (
        <div className="mt-2 max-h-80 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Glossary</caption>
            <thead>
              <tr>
                <th>Term</th>
                <th>Translation</th>
                <th className="text-right">Uses</th>
              </tr>
            </thead>
            <tbody>
              {b.glossary.map((g) => (
                <tr key={g.source} className="align-top">
                  <td className="pr-2 [overflow-wrap:anywhere]">
                    {g.source}
                    {g.forms?.length ? (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        also {g.forms.join(', ')}
                      </span>
                    ) : null}
                  </td>
                  <td className="pr-2 [overflow-wrap:anywhere]">{g.target}</td>
                  <td className="text-right tabular-nums">{g.count ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">No glossary entries.</p>
      )}
    </div>
  );
}
