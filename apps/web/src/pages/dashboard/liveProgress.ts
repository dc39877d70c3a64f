import type { TranslationEvent } from '@booktranslate/contract';
import { openTranslationEvents } from '../../api/translations';

type LiveField = 'status' | 'progress' | 'current_chapter' | 'estimated_completion' | 'failure_reason';

/** What a progress event changes on a card or in the dialog: the event's fields it carries, nulls left out. */
export type LiveProgress = { [K in LiveField]?: NonNullable<TranslationEvent[K]> } & {
  /** Kept with its null: an event without a wait ends the one shown (absent when the server sends none). */
  waiting_for?: TranslationEvent['waiting_for'];
};

type Listener = (live: LiveProgress) => void;
type Open = (id: string) => EventSource;

const FINAL = new Set(['completed', 'failed', 'canceled']);
/** A browser holds six connections per origin; streams may take four, the API keeps the rest. */
export const MAX_STREAMS = 4;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

interface Entry {
  live: LiveProgress;
  listeners: Set<Listener>;
  source?: EventSource;
  timer?: ReturnType<typeof setTimeout>;
  delay: number;
  done: boolean;
}

/** One `event: progress` of GET /translations/{id}/events/: the fields of the contract's TranslationEvent it has. */
function toLiveProgress(event: Partial<TranslationEvent>): LiveProgress {
  const next: LiveProgress = {};
  if (typeof event.status === 'string') next.status = event.status;
  if (typeof event.progress === 'number') next.progress = event.progress;
  if (typeof event.current_chapter === 'string') next.current_chapter = event.current_chapter;
  if (typeof event.estimated_completion === 'string') next.estimated_completion = event.estimated_completion;
  if (typeof event.failure_reason === 'string') next.failure_reason = event.failure_reason;
  if (event.waiting_for === null || typeof event.waiting_for === 'string')
    next.waiting_for = event.waiting_for;
  return next;
}

/** Reads one event's JSON (the contract's TranslationEvent) into the fields the screens show. */
export function parseProgressEvent(data: string): LiveProgress | null {
  try {
    const event: unknown = JSON.parse(data);
    return event && typeof event === 'object' ? toLiveProgress(event) : null;
  } catch {
    return null;
  }
}

/**
 * One progress stream per translation, shared by everyone who shows it (the card and its dialog):
 * opened for the first subscriber, closed after the last leaves or a final status arrives. A dropped
 * stream is reopened after 1 s, 2 s, 4 s ... up to 30 s; an event resets the delay.
 */
export function createLiveProgressHub(open: Open = openTranslationEvents, maxStreams = MAX_STREAMS) {
  const entries = new Map<string, Entry>();
  const streams = () => [...entries.values()].filter((e) => e.source).length;

  const emit = (entry: Entry) => {
    for (const l of entry.listeners) l(entry.live);
  };

  const connect = (id: string, entry: Entry) => {
    entry.timer = undefined;
    if (entry.done || entry.listeners.size === 0 || streams() >= maxStreams) return;
    const source = open(id);
    entry.source = source;
    const onMessage = (e: MessageEvent<string>) => {
      const next = parseProgressEvent(e.data);
      if (!next) return;
      entry.delay = FIRST_DELAY_MS;
      entry.live = { ...entry.live, ...next };
      if (next.status && FINAL.has(next.status)) {
        entry.done = true;
        drop(entry);
      }
      emit(entry);
    };
    source.onmessage = onMessage;
    for (const name of ['progress', 'status', 'update'])
      source.addEventListener(name, onMessage as EventListener);
    // The server ends the stream after a final status or a deletion; anything else is a drop.
    source.addEventListener('deleted', () => {
      entry.done = true;
      drop(entry);
    });
    source.onerror = () => {
      if (entry.source !== source) return;
      drop(entry);
      if (entry.done) return;
      entry.timer = setTimeout(() => connect(id, entry), entry.delay);
      entry.delay = Math.min(entry.delay * 2, MAX_DELAY_MS);
    };
  };

  const drop = (entry: Entry) => {
    entry.source?.close();
    entry.source = undefined;
  };

  return {
    /** Follows translation `id`; the listener gets every change. Returns the unsubscribe function. */
    subscribe(id: string, listener: Listener): () => void {
      let entry = entries.get(id);
      if (!entry) {
        entry = { live: {}, listeners: new Set(), delay: FIRST_DELAY_MS, done: false };
        entries.set(id, entry);
      }
      entry.listeners.add(listener);
      if (Object.keys(entry.live).length > 0) listener(entry.live);
      if (!entry.source && !entry.timer) connect(id, entry);
      const own = entry;
      return () => {
        own.listeners.delete(listener);
        if (own.listeners.size > 0) return;
        drop(own);
        clearTimeout(own.timer);
        entries.delete(id);
        // A freed slot goes to a translation still waiting for one.
        for (const [other, e] of entries) if (!e.source && !e.timer) connect(other, e);
      };
    },
    /** Open streams, for tests. */
    openStreams: streams,
  };
}

export const liveProgressHub = createLiveProgressHub();
