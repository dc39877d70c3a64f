import type { PassageChapter } from '@booktranslate/contract';
import { Field } from '../../components/Field';

export const chapterTitle = (c: PassageChapter) => c.title || `Chapter ${c.index + 1}`;

/** "page 2 of 3" for a page of a long chapter, else nothing. */
export const pageOf = (c: PassageChapter) => (c.parts > 1 ? `page ${c.part} of ${c.parts}` : '');

/** The chapter's name with its page: "CHAPTER 2 · page 2 of 3". */
export const pageTitle = (c: PassageChapter) => [chapterTitle(c), pageOf(c)].filter(Boolean).join(' · ');

/**
 * The entries a page sits in, outermost first: for a section "I" of "Глава вторая" of "Часть первая",
 * those two. Looks back from the page (a table of contents lists a parent before its children).
 * @example ancestorsOf(chapters, 14).map(chapterTitle) // ['Часть первая', 'Глава вторая']
 */
export function ancestorsOf(chapters: readonly PassageChapter[], index: number): PassageChapter[] {
  const at = chapters.findIndex((c) => c.index === index);
  let depth = chapters[at]?.depth ?? 0;
  const out: PassageChapter[] = [];
  for (let i = at - 1; i >= 0 && depth > 0; i--) {
    const c = chapters[i] as PassageChapter;
    if (c.depth < depth && c.part === 1) {
      out.unshift(c);
      depth = c.depth;
    }
  }
  return out;
}

// Parts, chapters and sections indent one step each (three at most); later pages of a chapter one more.
const INDENT = ['ps-3', 'ps-6', 'ps-9', 'ps-12', 'ps-[3.75rem]'];
const indent = (c: PassageChapter) => INDENT[Math.min(3, c.depth) + (c.part > 1 ? 1 : 0)] ?? 'ps-3';

/**
 * The book's table of contents with flagged counts: parts and their chapters nested as the book
 * nests them, a long chapter's later pages under its name. A sidebar on a wide screen, a select on
 * a phone.
 */
export function ChapterNav({
  chapters,
  current,
  onSelect,
}: {
  chapters: readonly PassageChapter[];
  current: number;
  onSelect: (index: number) => void;
}) {
  return (
    <>
      <div className="mb-4 lg:hidden">
        <Field label="Chapter">
          {(control) => (
            <select {...control} value={current} onChange={(e) => onSelect(Number(e.target.value))}>
              {chapters.map((c) => (
                <option key={c.index} value={c.index}>
                  {`${'\u00a0\u00a0'.repeat(Math.min(3, c.depth))}${pageTitle(c)}${c.flagged > 0 ? ` (${c.flagged} flagged)` : ''}`}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <nav
        aria-label="Chapters"
        className="hidden lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
      >
        <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">Chapters</h2>
        <ol className="space-y-1">
          {chapters.map((c) => {
            const active = c.index === current;
            const top = c.depth === 0 && c.part === 1;
            return (
              <li key={c.index} data-depth={c.depth}>
                <button
                  type="button"
                  aria-current={active ? 'page' : undefined}
                  aria-label={`${pageTitle(c)}${c.flagged > 0 ? `, ${c.flagged} flagged` : ''}`}
                  onClick={() => onSelect(c.index)}
                  className={`flex w-full items-start justify-between gap-2 rounded-lg py-1.5 pe-3 text-start text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 ${indent(c)} ${
                    active
                      ? 'bg-indigo-50 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100'
                      : `hover:bg-slate-100 dark:hover:bg-slate-800 ${top ? 'font-medium text-slate-900 dark:text-slate-100' : 'text-slate-700 dark:text-slate-200'}`
                  }`}
                >
                  <span className="[overflow-wrap:anywhere]">
                    {c.part > 1 ? `Page ${c.part} of ${c.parts}` : chapterTitle(c)}
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
