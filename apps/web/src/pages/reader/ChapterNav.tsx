import type { PassageChapter } from '@booktranslate/contract';
import { useId } from 'react';
import { inputClass } from '../../components/Field';

export const chapterTitle = (c: PassageChapter) => c.title || `Chapter ${c.index + 1}`;

/** The chapters with their flagged counts: a sidebar on a wide screen, a select on a phone. */
export function ChapterNav({
  chapters,
  current,
  onSelect,
}: {
  chapters: readonly PassageChapter[];
  current: number;
  onSelect: (index: number) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="mb-4 lg:hidden">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          Chapter
        </label>
        <select
          id={id}
          className={inputClass}
          value={current}
          onChange={(e) => onSelect(Number(e.target.value))}
        >
          {chapters.map((c) => (
            <option key={c.index} value={c.index}>
              {`${c.index + 1}. ${chapterTitle(c)}${c.flagged > 0 ? ` (${c.flagged} flagged)` : ''}`}
            </option>
          ))}
        </select>
      </div>
      <nav
        aria-label="Chapters"
        className="hidden lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
      >
        <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">Chapters</h2>
        <ol className="space-y-1">
          {chapters.map((c) => {
            const active = c.index === current;
            return (
              <li key={c.index}>
                <button
                  type="button"
                  aria-current={active ? 'page' : undefined}
                  onClick={() => onSelect(c.index)}
                  className={`flex w-full items-start justify-between gap-2 rounded-lg px-3 py-2 text-start text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 ${
                    active
                      ? 'bg-indigo-50 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                  }`}
                >
                  <span className="[overflow-wrap:anywhere]">
                    {c.index + 1}. {chapterTitle(c)}
                  </span>
                  {c.flagged > 0 && (
                    <span className="shrink-0 rounded-full bg-amber-200 px-2 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50">
                      {c.flagged} flagged
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
    </>
  );
}
