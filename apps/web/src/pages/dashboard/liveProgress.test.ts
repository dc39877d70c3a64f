import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveProgressHub } from './liveProgress';

/** The slice of EventSource the hub uses, driven by the test. */
class FakeSource {
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  listeners = new Map<string, (e: MessageEvent<string>) => void>();
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, fn);
  }
  close() {
    this.closed = true;
  }
  send(data: object) {
    this.listeners.get('progress')?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

describe('the live progress hub', () => {
  let opened: { id: string; source: FakeSource }[];
  const open = (id: string) => {
    const source = new FakeSource();
    opened.push({ id, source });
    return source as unknown as EventSource;
  };
  beforeEach(() => {
    opened = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shares one stream between the card and the dialog and closes it after the last leaves', () => {
    const hub = createLiveProgressHub(open);
    const card = vi.fn();
    const dialog = vi.fn();
    const stopCard = hub.subscribe('t1', card);
    const stopDialog = hub.subscribe('t1', dialog);
    expect(opened).toHaveLength(1);
    opened[0]?.source.send({ status: 'translating', progress: 40 });
    expect(card).toHaveBeenLastCalledWith({ status: 'translating', progress: 40 });
    expect(dialog).toHaveBeenLastCalledWith({ status: 'translating', progress: 40 });
    stopDialog();
    expect(opened[0]?.source.closed).toBe(false);
    stopCard();
    expect(opened[0]?.source.closed).toBe(true);
  });

  it('reopens a dropped stream after 1 s, 2 s, 4 s, and not after a final status', () => {
    const hub = createLiveProgressHub(open);
    hub.subscribe('t1', () => {});
    for (const wait of [1000, 2000, 4000]) {
      opened.at(-1)?.source.onerror?.();
      const before = opened.length;
      vi.advanceTimersByTime(wait - 1);
      expect(opened).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(opened).toHaveLength(before + 1);
    }
    opened.at(-1)?.source.send({ status: 'completed', progress: 100 });
    expect(opened.at(-1)?.source.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(4);
  });

  it('opens at most the allowed number of streams and gives a freed slot to one waiting', () => {
    const hub = createLiveProgressHub(open, 2);
    const stop1 = hub.subscribe('t1', () => {});
    hub.subscribe('t2', () => {});
    hub.subscribe('t3', () => {});
    expect(opened.map((o) => o.id)).toEqual(['t1', 't2']);
    stop1();
    expect(opened.map((o) => o.id)).toEqual(['t1', 't2', 't3']);
  });
});
