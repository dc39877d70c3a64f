import { useEffect, useState } from 'react';
import { openTranslationEvents } from '../../api/translations';

export interface LiveProgress {
  status?: string;
  progress?: number;
  currentChapter?: string;
  estimatedCompletion?: string;
  failureReason?: string;
}

const FINAL = new Set(['completed', 'failed', 'canceled']);

/**
 * Follows GET /translations/{id}/events/ (server-sent events) while `enabled`; every message carries
 * JSON with any of status, progress, current_chapter, estimated_completion.
 */
export function useTranslationEvents(id: string, enabled: boolean, onFinal: () => void): LiveProgress {
  const [live, setLive] = useState<LiveProgress>({});
  useEffect(() => {
    // Mock mode has no stream; the 15 s poll shows its progress.
    if (!enabled || import.meta.env.VITE_MOCK_API === 'true' || typeof EventSource === 'undefined') return;
    const source = openTranslationEvents(id);
    const onMessage = (e: MessageEvent<string>) => {
      let d: Record<string, unknown>;
      try {
        d = JSON.parse(e.data);
      } catch {
        return;
      }
      const next: LiveProgress = {};
      if (typeof d.status === 'string') next.status = d.status.toLowerCase();
      const p = d.progress ?? d.progress_percentage;
      if (typeof p === 'number') next.progress = p;
      const chapter = d.current_chapter ?? d.currentChapter;
      if (typeof chapter === 'string') next.currentChapter = chapter;
      const eta = d.estimated_completion ?? d.estimatedCompletion;
      if (typeof eta === 'string') next.estimatedCompletion = eta;
      if (typeof d.failure_reason === 'string') next.failureReason = d.failure_reason;
      setLive((prev) => ({ ...prev, ...next }));
      if (next.status && FINAL.has(next.status)) {
        source.close();
        onFinal();
      }
    };
    source.onmessage = onMessage;
    for (const name of ['progress', 'status', 'update'])
      source.addEventListener(name, onMessage as EventListener);
    // The browser reconnects on its own; a permanent failure just leaves the polled values on screen.
    return () => source.close();
  }, [id, enabled, onFinal]);
  return live;
}
