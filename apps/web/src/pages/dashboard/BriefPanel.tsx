import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getBrief, saveBrief } from '../../api/translations';
import type { TranslationBrief } from '../../api/types';
import { Button } from '../../components/Button';
import { BriefEditor } from './BriefEditor';

const EMPTY: TranslationBrief = {
  genre: '',
  register: '',
  narrator: '',
  summary: '',
  styleNotes: '',
  glossary: [],
};

/** The translation brief (genre, register, style, glossary) the engine follows; readable and editable. */
export function BriefPanel({ translationId, open }: { translationId: string; open?: boolean }) {
  const queryClient = useQueryClient();
  const key = ['brief', translationId];
  const brief = useQuery({ queryKey: key, queryFn: () => getBrief(translationId), retry: false });
  const [editing, setEditing] = useState(false);

  const save = async (next: TranslationBrief) => {
    queryClient.setQueryData(key, await saveBrief(translationId, next));
    setEditing(false);
  };
  const b = brief.data;

  return (
    <details open={open} className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold">Translation brief and glossary</summary>
      {brief.isPending && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading brief...</p>}
      {brief.isError && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The brief could not be loaded: {brief.error.message}
        </p>
      )}
      {brief.isSuccess && !b && !editing && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The brief is written while the book is analysed.
        </p>
      )}
      {b && !editing && (
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
          {b.styleNotes && (
            <p>
              <strong>Style notes:</strong> {b.styleNotes}
            </p>
          )}
          {b.glossary.length > 0 ? (
            <table className="mt-2 w-full text-left">
              <thead>
                <tr>
                  <th>Term</th>
                  <th>Translation</th>
                  <th className="text-right">Uses</th>
                </tr>
              </thead>
              <tbody>
                {b.glossary.map((g) => (
                  <tr key={g.source}>
                    <td>{g.source}</td>
                    <td>{g.target}</td>
                    <td className="text-right tabular-nums">{g.count ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">No glossary entries.</p>
          )}
        </div>
      )}
      {brief.isSuccess && !editing && (
        <Button size="sm" variant="outline" className="mt-2" onClick={() => setEditing(true)}>
          Edit brief
        </Button>
      )}
      {brief.isSuccess && editing && (
        <BriefEditor brief={b ?? EMPTY} onSave={save} onCancel={() => setEditing(false)} />
      )}
    </details>
  );
}
