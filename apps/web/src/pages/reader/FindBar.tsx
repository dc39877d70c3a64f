import type { PassageFilter, PassageSearchResponse } from '@booktranslate/contract';
import { useEffect, useId, useState } from 'react';
import { inputClass } from '../../components/Field';

export const FILTER_LABELS: Record<PassageFilter, string> = {
  untranslated: 'Not translated',
  flagged: 'Flagged',
  edited: 'Edited',
};

/** How long typing pauses before the search runs. */
const TYPING_PAUSE_MS = 300;

/**
 * Search across the whole book and the three filters (not translated, flagged, edited), each with
 * its count in the book. The words are sent once typing pauses, or at once on Enter.
 */
export function FindBar({
  q,
  show,
  counts,
  onChange,
}: {
  q: string;
  show: PassageFilter | null;
  counts: PassageSearchResponse['counts'] | undefined;
  onChange: (next: { q: string; show: PassageFilter | null }) => void;
}) {
  const id = useId();
  const [text, setText] = useState(q);
  // A new address (a chapter chosen, a result opened) clears or sets the field.
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (text.trim() === q.trim()) return;
    const timer = setTimeout(() => onChange({ q: text.trim(), show }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, q, show, onChange]);

  const chip = (filter: PassageFilter | null, label: string, count?: number) => {
    const on = show === filter;
    return (
      <button
        key={filter ?? 'all'}
        type="button"
        aria-pressed={on}
        onClick={() => onChange({ q: text.trim(), show: filter })}
        className={`rounded-full border px-3 py-1 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
          on
            ? 'border-indigo-600 bg-indigo-600 text-white'
            : 'border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800'
        }`}
      >
        {label}
        {count !== undefined && (
          <span className={on ? '' : 'text-slate-600 dark:text-slate-300'}> {count}</span>
        )}
      </button>
    );
  };

  return (
    <div className="mb-5 flex flex-col gap-3 md:flex-row md:items-center">
      {/* biome-ignore lint/a11y/useSemanticElements: the same landmark, also in the older browsers of reading devices */}
      <form
        role="search"
        className="md:w-80"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ q: text.trim(), show });
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search the whole book
        </label>
        <input
          id={id}
          type="search"
          maxLength={200}
          placeholder="Search the whole book"
          className={inputClass}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && text) {
              e.preventDefault();
              setText('');
              onChange({ q: '', show });
            }
          }}
        />
      </form>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show passages</legend>
        {chip(null, 'All')}
        {(Object.keys(FILTER_LABELS) as PassageFilter[]).map((f) => chip(f, FILTER_LABELS[f], counts?.[f]))}
      </fieldset>
    </div>
  );
}
