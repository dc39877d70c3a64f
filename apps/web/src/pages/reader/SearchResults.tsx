import type { PassageChapter, PassageFound, PassageSearchResponse } from '@booktranslate/contract';
import { beyondPreviewLabel } from '@booktranslate/contract/preview-words';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { pageTitle } from './ChapterNav';
import { FILTER_LABELS } from './FindBar';
import type { Side } from './PassageRow';

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * `text` with every occurrence of `q` (any case) marked. Where lower-casing changes a text's length
 * (rare letters), the text is shown unmarked rather than marked in the wrong place.
 */
export function highlighted(text: string, q: string): ReactNode {
  const lower = text.toLocaleLowerCase();
  const needle = q.toLocaleLowerCase();
  if (!needle || lower.length !== text.length) return text;
  const out: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    out.push(text.slice(from, at));
    out.push(
      <mark key={at} className="rounded bg-yellow-200 text-inherit dark:bg-yellow-700/60">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  out.push(text.slice(from));
  return out;
}

/**
 * What the search found, in words: "2 flagged passages hold “Mara”.", "1 passage is not translated.",
 * "No passage holds “Zebedee”.", with a word on a list cut at the first 100.
 */
export function foundSentence(answer: PassageSearchResponse): string {
  const filter = answer.show ? FILTER_LABELS[answer.show].toLowerCase() : null;
  const n = answer.total;
  const quoted = `“${answer.q}”`;
  if (n === 0) {
    if (answer.q && filter) return `No passage that is ${filter} holds ${quoted}.`;
    if (answer.q) return `No passage holds ${quoted}.`;
    return `No passage is ${filter}.`;
  }
  const count = n.toLocaleString('en-US');
  const noun = n === 1 ? 'passage' : 'passages';
  const cut =
    answer.results.length < n
      ? ` The first ${answer.results.length} are listed; add words to narrow the search.`
      : '';
  if (answer.q)
    return `${count} ${filter ? `${filter} ` : ''}${noun} ${n === 1 ? 'holds' : 'hold'} ${quoted}.${cut}`;
  return `${count} ${noun} ${n === 1 ? 'is' : 'are'} ${filter}.${cut}`;
}

/**
 * The passages the search or filter found across the book, each under its chapter's name with the
 * original and the translation, and a button that opens it in its chapter.
 */
export function SearchResults({
  answer,
  loading,
  chapters,
  source,
  target,
  onOpen,
}: {
  answer: PassageSearchResponse | undefined;
  loading: boolean;
  chapters: readonly PassageChapter[];
  source: Side;
  target: Side;
  onOpen: (found: PassageFound) => void;
}) {
  if (!answer)
    return (
      <p className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
        <Spinner /> Searching the book...
      </p>
    );
  const q = answer.q ?? '';
  const title = (index: number, fallback: string) => {
    const c = chapters.find((x) => x.index === index);
    return c ? pageTitle(c) : fallback;
  };
  return (
    <section aria-labelledby="found-title" aria-busy={loading || undefined} className="min-w-0">
      <h2 id="found-title" className="mb-3 flex items-center gap-2 text-xl font-semibold">
        Found in the book {loading && <Spinner />}
      </h2>
      <p role="status" className="mb-4 text-sm text-slate-700 dark:text-slate-200">
        {foundSentence(answer)}
      </p>
      <ol className="space-y-3">
        {answer.results.map((r) => (
          <li key={r.block_id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <span
                className="text-sm font-medium text-slate-700 [overflow-wrap:anywhere] dark:text-slate-200"
                dir="auto"
              >
                {title(r.chapter, r.chapter_title)}
              </span>
              <span className="flex flex-wrap items-center gap-1">
                {r.flagged && (
                  <span
                    className={`${BADGE} bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50`}
                  >
                    Flagged
                  </span>
                )}
                {r.edited && (
                  <span
                    className={`${BADGE} bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100`}
                  >
                    Edited
                  </span>
                )}
                {r.retranslated && (
                  <span className={`${BADGE} bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100`}>
                    Re-translated
                  </span>
                )}
                <Button size="sm" variant="outline" onClick={() => onOpen(r)}>
                  Open in chapter
                </Button>
              </span>
            </div>
            <div className="grid gap-3 text-sm md:grid-cols-2 md:gap-6">
              <p lang={source.lang} dir={source.dir} className="[overflow-wrap:anywhere]">
                {highlighted(r.source_text, q)}
              </p>
              {r.target_text === null ? (
                <p className="text-slate-600 italic dark:text-slate-300">
                  {r.beyond_preview ? beyondPreviewLabel : 'Not translated'}
                </p>
              ) : (
                <p lang={target.lang} dir={target.dir} className="[overflow-wrap:anywhere]">
                  {highlighted(r.target_text, q)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
