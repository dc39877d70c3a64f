import type { Passage } from '@booktranslate/contract';
import { type KeyboardEvent, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isChangeable } from './changeable';
import { PassageRow, type RowMode, type Side } from './PassageRow';
import { revealRow } from './revealRow';

interface Props {
  passages: readonly Passage[];
  source: Side;
  target: Side;
  /** Moves the focus to a passage from outside ("Next flagged passage"); `seq` repeats a request. */
  request: { index: number; seq: number } | null;
  onFocusChange: (index: number) => void;
}

const TYPING = 'textarea, input, select, [contenteditable="true"]';
/** Rows shown at once; the rest of a long chapter follows in a transition after the first paint. */
const FIRST_ROWS = 60;

/**
 * The passages of a chapter with one roving tab stop: ArrowUp/ArrowDown move between passages,
 * Enter edits the focused one, Escape closes what is open. Keys typed into a field are left alone.
 * The tab stop moves in the DOM, not in state, so a key press re-renders nothing in a long chapter.
 */
export function PassageList({ passages, source, target, request, onFocusChange }: Props) {
  const listRef = useRef<HTMLOListElement>(null);
  const stop = useRef(0);
  const pending = useRef<number | null>(null);
  const [open, setOpen] = useState<{ index: number; mode: RowMode } | null>(null);
  const [shown, setShown] = useState(() => Math.min(passages.length, FIRST_ROWS));

  useEffect(() => {
    if (shown >= passages.length) return;
    const frame = requestAnimationFrame(() => startTransition(() => setShown(passages.length)));
    return () => cancelAnimationFrame(frame);
  }, [shown, passages.length]);

  const rowAt = useCallback(
    (index: number) => listRef.current?.querySelector<HTMLElement>(`li[data-index="${index}"]`) ?? null,
    [],
  );
  const moveStop = useCallback(
    (index: number) => {
      const row = rowAt(index);
      if (!row) return null;
      const previous = rowAt(stop.current);
      if (previous && previous !== row) previous.tabIndex = -1;
      row.tabIndex = 0;
      stop.current = index;
      onFocusChange(index);
      return row;
    },
    [rowAt, onFocusChange],
  );
  const reveal = useRef<AbortController | null>(null);
  useEffect(() => () => reveal.current?.abort(), []);
  /** Focuses a passage and scrolls it into view: a jump ("Next flagged") centres it, an arrow key
   * moves the screen no more than needed. */
  const focusRow = useCallback(
    (index: number, jump = false) => {
      const row = moveStop(index);
      // A row not yet rendered is focused once the rest of the chapter is there.
      if (!row) {
        pending.current = index;
        return;
      }
      row.focus({ preventScroll: true });
      reveal.current?.abort();
      reveal.current = new AbortController();
      revealRow(row, jump ? 'center' : 'nearest', reveal.current.signal);
    },
    [moveStop],
  );

  useEffect(() => {
    if (request) focusRow(request.index, true);
  }, [request, focusRow]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when more rows have been rendered
  useEffect(() => {
    if (pending.current === null || !rowAt(pending.current)) return;
    focusRow(pending.current, true);
    pending.current = null;
  }, [shown, rowAt, focusRow]);

  const onOpen = useCallback(
    (index: number, mode: RowMode) => {
      setOpen(mode ? { index, mode } : null);
      // Closing gives the focus back to the passage, so the arrows go on from there.
      if (!mode) requestAnimationFrame(() => focusRow(index));
    },
    [focusRow],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const el = e.target as HTMLElement;
    if (el.closest(TYPING)) return;
    const row = el.closest<HTMLElement>('li[data-index]');
    const index = row ? Number(row.dataset.index) : stop.current;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusRow(Math.min(passages.length - 1, Math.max(0, index + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter' && el === row) {
      e.preventDefault();
      const passage = passages[index];
      if (passage && isChangeable(passage)) onOpen(index, 'edit');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      onOpen(open.index, null);
    }
  };
  // Focus arriving anywhere in a passage (a click on its button) makes it the tab stop.
  const onFocus = (e: React.FocusEvent) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('li[data-index]');
    if (row) moveStop(Number(row.dataset.index));
  };

  return (
    <ol
      ref={listRef}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      // While a jump scrolls (revealRow), every row is drawn so the scroll lands on real heights.
      className="space-y-3 [&[data-reveal]>li]:[content-visibility:visible]"
    >
      {passages.slice(0, shown).map((p, i) => (
        <PassageRow
          key={p.block_id}
          passage={p}
          index={i}
          mode={open?.index === i ? open.mode : null}
          source={source}
          target={target}
          onOpen={onOpen}
        />
      ))}
    </ol>
  );
}
