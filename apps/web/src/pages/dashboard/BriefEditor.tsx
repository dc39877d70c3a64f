import { useState } from 'react';
import type { TranslationBrief } from '../../api/types';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';

export function BriefEditor({
  brief,
  onSave,
  onCancel,
}: {
  brief: TranslationBrief;
  onSave: (b: TranslationBrief) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<TranslationBrief>(brief);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setEntry = (i: number, k: 'source' | 'target', v: string) =>
    setDraft((d) => ({ ...d, glossary: d.glossary.map((g, j) => (j === i ? { ...g, [k]: v } : g)) }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSave({ ...draft, glossary: draft.glossary.filter((g) => g.source.trim() && g.target.trim()) });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save the brief');
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="mt-2 space-y-3">
      <Field label="Genre">
        {(p) => (
          <input {...p} value={draft.genre} onChange={(e) => setDraft({ ...draft, genre: e.target.value })} />
        )}
      </Field>
      <Field label="Register">
        {(p) => (
          <input
            {...p}
            value={draft.register}
            onChange={(e) => setDraft({ ...draft, register: e.target.value })}
          />
        )}
      </Field>
      <Field label="Style notes for the translator">
        {(p) => (
          <textarea
            {...p}
            rows={3}
            value={draft.styleNotes}
            onChange={(e) => setDraft({ ...draft, styleNotes: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Glossary</legend>
        {draft.glossary.map((g, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no identity until saved
          <div key={i} className="flex gap-2">
            <input
              aria-label={`Term ${i + 1}`}
              className="w-1/2 rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
              value={g.source}
              onChange={(e) => setEntry(i, 'source', e.target.value)}
            />
            <input
              aria-label={`Translation ${i + 1}`}
              className="w-1/2 rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
              value={g.target}
              onChange={(e) => setEntry(i, 'target', e.target.value)}
            />
            {g.count !== undefined && (
              <span className="self-center whitespace-nowrap text-xs text-slate-500" title="Uses in the book">
                ×{g.count}
              </span>
            )}
          </div>
        ))}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setDraft((d) => ({ ...d, glossary: [...d.glossary, { source: '', target: '' }] }))}
        >
          Add term
        </Button>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={busy}>
          Save brief
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
