import type { Translation } from '@booktranslate/contract';
import { useEffect, useRef, useState } from 'react';
import { isInProgress } from '../../lib/status';
import { type LiveProgress, liveProgressHub } from './liveProgress';

const FINAL = new Set(['completed', 'failed', 'canceled']);

function merge(t: Translation, live: LiveProgress | undefined): Translation {
  if (!live) return t;
  return {
    ...t,
    status: live.status ?? t.status,
    progress: live.progress ?? t.progress,
    current_chapter: live.current_chapter ?? t.current_chapter,
    estimated_completion: live.estimated_completion ?? t.estimated_completion,
    failure_reason: live.failure_reason ?? t.failure_reason,
    waiting_for: live.waiting_for !== undefined ? live.waiting_for : t.waiting_for,
  };
}

/**
 * A book's translations with live progress laid over the polled values: every translation in
 * progress is followed through the shared hub (the same stream its open dialog reads). `onFinal` runs
 * once per translation that reaches a final status, so the library and credits are reloaded once.
 */
export function useLiveTranslations(translations: Translation[], onFinal: () => void): Translation[] {
  const [live, setLive] = useState<Record<string, LiveProgress>>({});
  const onFinalRef = useRef(onFinal);
  onFinalRef.current = onFinal;
  const ids = translations
    .filter((t) => isInProgress(t.status))
    .map((t) => t.id)
    .join(',');

  // Subscriptions by id, kept across renders: a change in the list opens or closes only what changed.
  const subs = useRef(new Map<string, () => void>());
  useEffect(() => {
    if (import.meta.env.VITE_MOCK_API === 'true' || typeof EventSource === 'undefined') return;
    const wanted = new Set(ids ? ids.split(',') : []);
    for (const [id, stop] of subs.current)
      if (!wanted.has(id)) {
        stop();
        subs.current.delete(id);
        // A retried translation starts afresh, not from the last stream's final status.
        setLive(({ [id]: _, ...rest }) => rest);
      }
    for (const id of wanted) {
      if (subs.current.has(id)) continue;
      let finished = false;
      const stop = liveProgressHub.subscribe(id, (next) => {
        setLive((prev) => ({ ...prev, [id]: next }));
        if (!finished && next.status && FINAL.has(next.status)) {
          finished = true;
          onFinalRef.current();
        }
      });
      subs.current.set(id, stop);
    }
  }, [ids]);
  useEffect(() => {
    const current = subs.current;
    return () => {
      for (const stop of current.values()) stop();
      current.clear();
    };
  }, []);

  return translations.map((t) => (isInProgress(t.status) ? merge(t, live[t.id]) : t));
}
