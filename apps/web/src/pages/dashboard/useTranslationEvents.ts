import { useEffect, useRef, useState } from 'react';
import { type LiveProgress, liveProgressHub } from './liveProgress';

export type { LiveProgress } from './liveProgress';

const FINAL = new Set(['completed', 'failed', 'canceled']);

/**
 * Follows GET /translations/{id}/events/ (server-sent events) while `enabled`, through the shared hub:
 * the card and its open dialog read one stream. `onFinal` runs once when a final status arrives; it is
 * kept in a ref, so a new callback on each render neither reopens the stream nor repeats the call.
 */
export function useTranslationEvents(id: string, enabled: boolean, onFinal?: () => void): LiveProgress {
  const [live, setLive] = useState<LiveProgress>({});
  const onFinalRef = useRef(onFinal);
  onFinalRef.current = onFinal;
  useEffect(() => {
    // Mock mode has no stream; the 15 s poll shows its progress.
    if (!enabled || import.meta.env.VITE_MOCK_API === 'true' || typeof EventSource === 'undefined') return;
    let finished = false;
    const unsubscribe = liveProgressHub.subscribe(id, (next) => {
      setLive(next);
      if (!finished && next.status && FINAL.has(next.status)) {
        finished = true;
        onFinalRef.current?.();
      }
    });
    return unsubscribe;
  }, [id, enabled]);
  return enabled ? live : {};
}
