import type { SeriesGlossaryEntry } from '@booktranslate/contract';
import { useState } from 'react';
import { Button } from '../../components/Button';

/** An entry being edited: `key` keeps its row while others come and go; `added` ones have a term field. */
export type DraftEntry = SeriesGlossaryEntry & { key: number; added?: boolean };

let nextKey = 0;
/** The glossaries as drafts, each entry with a key of its own. */
export function draftOf(glossaries: Record<string, SeriesGlossaryEntry[]>): Record<string, DraftEntry[]> {
  return Object.fromEntries(
    Object.entries(glossaries).map(([lang, entries]) => [
      lang,
      entries.map((e) => ({ ...e, key: nextKey++ })),
    ]),
  );
}

const KINDS = { character: 'Character', place: 'Place', term: 'Term' } as const;
const cell =
  'min-w-0 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800';

/** The rows of one language: the term, its rendering (editable), its kind and a delete; a search and "Add a name". */
export function SeriesGlossaryRows({
  entries,
  onChange,
}: {
  entries: DraftEntry[];
  onChange: (entries: DraftEntry[]) => void;
}) {
  const [search, setSearch] = useState('');
  const query = search.trim().toLocaleLowerCase();
  const shown = entries.filter(
    (e) => !query || `${e.source}\n${e.target}`.toLocaleLowerCase().includes(query) || e.added,
  );
  const set = (key: number, change: Partial<SeriesGlossaryEntry>) =>
    onChange(entries.map((e) => (e.key === key ? { ...e, ...change } : e)));

  return (
    <fieldset className="mt-3 min-w-0 space-y-2">
      <legend className="text-sm font-medium">Names and terms ({entries.length})</legend>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label="Search the series glossary"
          placeholder="Search terms"
          className={`${cell} flex-1 sm:max-w-xs`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            onChange([{ source: '', target: '', kind: 'character', key: nextKey++, added: true }, ...entries])
          }
        >
          Add a name
        </Button>
      </div>
      {entries.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">No names or terms into this language.</p>
      )}
      <ul className="max-h-96 space-y-2 overflow-y-auto pr-1">
        {shown.map((e, i) => (
          <li
            key={e.key}
            // A phone puts the term on a line of its own, its rendering, kind and delete below it.
            className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-2 rounded border border-slate-200 p-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto_auto] dark:border-slate-700"
          >
            {e.added ? (
              <input
                aria-label={`New term ${i + 1}`}
                placeholder="Term in the book"
                className={`${cell} col-span-3 sm:col-span-1`}
                value={e.source}
                onChange={(ev) => set(e.key, { source: ev.target.value })}
              />
            ) : (
              <span
                dir="auto"
                className="col-span-3 text-sm font-medium [overflow-wrap:anywhere] sm:col-span-1"
              >
                {e.source}
              </span>
            )}
            <span aria-hidden="true" className="hidden text-slate-500 sm:block dark:text-slate-400">
              →
            </span>
            <input
              aria-label={`Rendering of ${e.source.trim() || `new term ${i + 1}`}`}
              dir="auto"
              placeholder="Its translation"
              className={cell}
              value={e.target}
              onChange={(ev) => set(e.key, { target: ev.target.value })}
            />
            <select
              aria-label={`Kind of ${e.source.trim() || `new term ${i + 1}`}`}
              className={cell}
              value={e.kind}
              onChange={(ev) => set(e.key, { kind: ev.target.value as SeriesGlossaryEntry['kind'] })}
            >
              {Object.entries(KINDS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${e.source.trim() || `new term ${i + 1}`}`}
              title="Delete this entry"
              onClick={() => onChange(entries.filter((x) => x.key !== e.key))}
            >
              ✕
            </Button>
          </li>
        ))}
      </ul>
      {query && shown.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">No term matches “{search}”.</p>
      )}
    </fieldset>
  );
}
