import type { Brief } from '@booktranslate/contract';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';

const cell =
  'min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800';

/**
 * Edits the brief: its save and cancel on top, the glossary searchable, each row with its case
 * forms and a delete; a failed save says why and keeps the draft.
 */
export function BriefEditor({
  brief,
  onSave,
  onCancel,
}: {
  brief: Brief;
  onSave: (b: Brief) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Brief>(brief);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const setEntry = (i: number, k: 'source' | 'target', v: string) =>
    setDraft((d) => ({ ...d, glossary: d.glossary.map((g, j) => (j === i ? { ...g, [k]: v } : g)) }));
  const remove = (i: number) => setDraft((d) => ({ ...d, glossary: d.glossary.filter((_, j) => j !== i) }));
  const shown = draft.glossary
    .map((entry, i) => ({ entry, i }))
    .filter(({ entry }) => matches(entry, search));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSave({ ...draft, glossary: draft.glossary.filter((g) => g.source.trim() && g.target.trim()) });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save the brief');
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="mt-2 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={busy}>
          Save brief
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
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
            value={draft.style_notes}
            onChange={(e) => setDraft({ ...draft, style_notes: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-medium">Glossary ({draft.glossary.length})</legend>
        <div className="flex flex-wrap items-center gap-2">
          <input
            type="search"
            aria-label="Search the glossary"
            placeholder="Search terms"
            className={`${cell} sm:max-w-xs`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setSearch('');
              setDraft((d) => ({
                ...d,
                glossary: [{ source: '', target: '', kind: 'term' }, ...d.glossary],
              }));
            }}
          >
            Add term
          </Button>
        </div>
        <ul className="max-h-96 space-y-2 overflow-y-auto pr-1">
          {shown.map(({ entry: g, i }) => (
            <li key={i} className="rounded border border-slate-200 p-2 dark:border-slate-700">
              <div className="flex items-center gap-2">
                <input
                  aria-label={`Term ${i + 1}`}
                  className={cell}
                  value={g.source}
                  onChange={(e) => setEntry(i, 'source', e.target.value)}
                />
                <input
                  aria-label={`Translation ${i + 1}`}
                  className={cell}
                  value={g.target}
                  onChange={(e) => setEntry(i, 'target', e.target.value)}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${g.source.trim() || `term ${i + 1}`}`}
                  title="Delete this term"
                  onClick={() => remove(i)}
                >
                  ✕
                </Button>
              </div>
              {(g.count !== undefined || g.forms?.length) && (
                <p className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
                  {g.count !== undefined && `${g.count.toLocaleString('en-US')} uses`}
                  {g.count !== undefined && g.forms?.length ? ' · ' : ''}
                  {g.forms?.length ? `also ${g.forms.join(', ')}` : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
        {search && shown.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">No term matches “{search}”.</p>
        )}
      </fieldset>
    </form>
  );
}

/** A row matches a search by its term, its translation or one of its forms (case-insensitive). */
function matches(entry: Brief['glossary'][number], search: string): boolean {
  const query = search.trim().toLocaleLowerCase();
  if (!query) return true;
  return [entry.source, entry.target, ...(entry.forms ?? [])].some((t) =>
    t.toLocaleLowerCase().includes(query),
  );
}
