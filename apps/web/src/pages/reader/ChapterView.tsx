import type { PassagesResponse } from '@booktranslate/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { ancestorsOf, chapterTitle, pageTitle } from './ChapterNav';
import { nextFlagged } from './nextFlagged';
import { PassageList } from './PassageList';
import type { Side } from './PassageRow';

const HEAD = 'text-xs font-semibold uppercase tracking-wide text-slate-500';

/** The open chapter: its title, "Next flagged passage", the column heads and the passages. */
export function ChapterView({
  data,
  loading,
  onChapter,
}: {
  data: PassagesResponse;
  /** True while another chapter loads (this one stays on screen meanwhile). */
  loading: boolean;
  onChapter: (index: number) => void;
}) {
  // The focused passage of the chapter shown (a chapter change leaves the old one behind).
  const focus = useRef({ chapter: data.chapter, index: -1 });
  const onFocusChange = useCallback(
    (index: number) => {
      focus.current = { chapter: data.chapter, index };
    },
    [data.chapter],
  );
  const [request, setRequest] = useState<{ chapter: number; index: number; seq: number } | null>(null);
  // A flagged passage in another chapter is focused once that chapter has arrived.
  const [pending, setPending] = useState<number | null>(null);
  const ask = (index: number) =>
    setRequest((r) => ({ chapter: data.chapter, index, seq: (r?.seq ?? 0) + 1 }));

  useEffect(() => {
    if (pending === null || loading || data.chapter !== pending) return;
    setPending(null);
    const first = data.passages.findIndex((p) => p.flags.length > 0);
    if (first >= 0) setRequest((r) => ({ chapter: data.chapter, index: first, seq: (r?.seq ?? 0) + 1 }));
  }, [pending, loading, data]);

  const goNext = () => {
    const from = focus.current.chapter === data.chapter ? focus.current.index : -1;
    const next = nextFlagged(data.passages, from, data.chapters, data.chapter);
    if (!next) return;
    if (next.index === 'first') {
      setPending(next.chapter);
      onChapter(next.chapter);
    } else ask(next.index);
  };

  const source = useMemo<Side>(
    () => ({ lang: data.source_language ?? undefined, dir: data.source_direction }),
    [data.source_language, data.source_direction],
  );
  const target = useMemo<Side>(
    () => ({ lang: data.target_language, dir: data.target_direction }),
    [data.target_language, data.target_direction],
  );
  const current = data.chapters.find((c) => c.index === data.chapter);
  const anyFlagged = data.chapters.some((c) => c.flagged > 0);

  const path = ancestorsOf(data.chapters, data.chapter);

  return (
    <section aria-labelledby="chapter-title" aria-busy={loading || undefined} className="min-w-0">
      {path.length > 0 && (
        <p className="mb-1 text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300" dir="auto">
          {path.map(chapterTitle).join(' › ')}
        </p>
      )}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="chapter-title" className="flex items-center gap-2 text-xl font-semibold">
          <span dir="auto">{current ? pageTitle(current) : `Chapter ${data.chapter + 1}`}</span>
          {loading && <Spinner />}
        </h2>
        <Button size="sm" variant="outline" disabled={!anyFlagged} onClick={goNext}>
          Next flagged passage
        </Button>
      </div>
      <p className="mb-3 hidden text-xs text-slate-600 md:block dark:text-slate-300">
        Arrow keys move between passages, Enter edits the focused one, Escape cancels.
      </p>
      <div className="mb-2 hidden gap-6 px-3 md:grid md:grid-cols-2" aria-hidden="true">
        <span className={HEAD}>Original</span>
        <span className={HEAD}>Translation</span>
      </div>
      {data.passages.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">This chapter has no text.</p>
      ) : (
        <PassageList
          key={data.chapter}
          passages={data.passages}
          source={source}
          target={target}
          request={request?.chapter === data.chapter ? request : null}
          onFocusChange={onFocusChange}
        />
      )}
    </section>
  );
}
