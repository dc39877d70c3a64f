import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getBrief, saveBrief } from '../../api/translations';
import type { TranslationBrief } from '../../api/types';
import { Button } from '../../components/Button';
import { BriefEditor } from './BriefEditor';

/** The translation brief (genre, tone, glossary) the engine follows; readable and editable. */
export function BriefPanel({ translationId }: { translationId: string }) {
  const queryClient = useQueryClient();
  const key = ['brief', translationId];
  const brief = useQuery({ queryKey: key, queryFn: () => getBrief(translationId), retry: false });
  const [editing, setEditing] = useState(false);

  const save = async (next: TranslationBrief) => {
    const saved = await saveBrief(translationId, next);
    queryClient.setQueryData(key, saved);
    setEditing(false);
  };

  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold">Translation brief and glossary</summary>
      {brief.isPending && <p className="mt-2 text-sm text-slate-500">Loading brief...</p>}
      {brief.isError && (
        <p className="mt-2 text-sm text-slate-500">The brief is not available yet ({brief.error.message}).</p>
      )}
      {brief.data && !editing && (
        <div className="mt-2 space-y-2 text-sm">
          {brief.data.genre && (
            <p>
              <strong>Genre:</strong> {brief.data.genre}
            </p>
          )}
          {brief.data.tone && (
            <p>
              <strong>Tone:</strong> {brief.data.tone}
            </p>
          )}
          {brief.data.notes && <p>{brief.data.notes}</p>}
          {brief.data.glossary.length > 0 ? (
            <table className="w-full text-left">
              <thead>
                <tr>
                  <th>Term</th>
                  <th>Translation</th>
                </tr>
              </thead>
              <tbody>
                {brief.data.glossary.map((g) => (
                  <tr key={g.source}>
                    <td>{g.source}</td>
                    <td>{g.target}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-slate-500">No glossary entries.</p>
          )}
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Edit brief
          </Button>
        </div>
      )}
      {brief.data && editing && (
        <BriefEditor brief={brief.data} onSave={save} onCancel={() => setEditing(false)} />
      )}
    </details>
  );
}
