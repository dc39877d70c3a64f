import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../../errors';
import { sessionEvents } from '../../auth/session-events';
import type { TranslationProgressRow } from '../translations.repository';
import { ProgressHub, type ProgressSubscriber } from './progress-hub';

const TICK = 1000;

function row(id: string, over: Partial<TranslationProgressRow> = {}): TranslationProgressRow {
  return {
    id,
    status: 'translating',
    wordsDone: 0,
    wordsTotal: 100,
    currentChapter: null,
    estimatedCompletion: null,
    failureReason: null,
    waitingFor: null,
    ...over,
  };
}

describe('ProgressHub', () => {
  let rows: Map<string, TranslationProgressRow>;
  let reads: string[][];
  let revoked: Set<string>;
  let hub: ProgressHub;
  const make = (over: { perUser?: number; translationsPerTick?: number } = {}) =>
    new ProgressHub({
      read: async (ids) => {
        reads.push(ids);
        return ids.flatMap((id) => rows.get(id) ?? []);
      },
      activeSessions: async (sessions) =>
        new Set(sessions.map((s) => s.familyId).filter((id) => !revoked.has(id))),
      intervalMs: TICK,
      perUser: over.perUser ?? 20,
      translationsPerTick: over.translationsPerTick ?? 500,
      onError: () => {},
    });
  const subscriber = (translationId: string, userId = 'u1', sessionId = 's1') => {
    const got: (string | null)[] = [];
    const s: ProgressSubscriber & { got: typeof got; ended: boolean } = {
      translationId,
      userId,
      sessionId,
      got,
      ended: false,
      update: (snapshot) => got.push(snapshot?.data ?? null),
      end: () => {
        s.ended = true;
      },
    };
    return s;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    rows = new Map();
    reads = [];
    revoked = new Set();
    hub = make();
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  it('polls only while someone watches: the last stream leaving stops the reads', async () => {
    rows.set('t1', row('t1'));
    await vi.advanceTimersByTimeAsync(5 * TICK);
    expect(reads).toEqual([]);
    const leaveFirst = hub.open(subscriber('t1'));
    const leaveSecond = hub.open(subscriber('t1'));
    await vi.advanceTimersByTimeAsync(3 * TICK);
    expect(reads).toEqual([['t1'], ['t1'], ['t1']]);
    leaveFirst();
    await vi.advanceTimersByTimeAsync(TICK);
    expect(reads).toHaveLength(4);
    leaveSecond();
    await vi.advanceTimersByTimeAsync(5 * TICK);
    expect(reads).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
    hub.open(subscriber('t1'));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(reads).toHaveLength(5);
  });

  it('reads every watched translation in one query and ends its streams after a final status', async () => {
    for (const id of ['t1', 't2']) rows.set(id, row(id));
    const a = subscriber('t1');
    const b = subscriber('t1', 'u2', 's2');
    const c = subscriber('t2');
    for (const s of [a, b, c]) hub.open(s);
    rows.set('t1', row('t1', { status: 'completed', wordsDone: 100 }));
    await vi.advanceTimersByTimeAsync(TICK);
    expect(reads).toEqual([['t1', 't2']]);
    expect(a.got).toEqual(b.got);
    expect(JSON.parse(a.got[0] as string)).toMatchObject({ status: 'completed', progress: 100 });
    expect([a.ended, b.ended, c.ended]).toEqual([true, true, false]);
    rows.delete('t2');
    await vi.advanceTimersByTimeAsync(TICK);
    expect(c.got.at(-1)).toBeNull();
    expect(c.ended).toBe(true);
    expect(hub.size).toEqual({ streams: 0, translations: 0 });
  });

  it('reads at most translationsPerTick translations a tick, taking the others in turn', async () => {
    hub.close();
    hub = make({ translationsPerTick: 10 });
    for (let i = 0; i < 25; i++) {
      rows.set(`t${i}`, row(`t${i}`));
      hub.open(subscriber(`t${i}`, `u${i}`, `s${i}`));
    }
    await vi.advanceTimersByTimeAsync(3 * TICK);
    expect(reads.map((ids) => ids.length)).toEqual([10, 10, 10]);
    expect(new Set(reads.flat()).size).toBe(25);
  });

  it('refuses a stream past the per-user limit with RATE_LIMITED and a retry time', () => {
    hub.close();
    hub = make({ perUser: 2 });
    hub.open(subscriber('t1'));
    const leave = hub.open(subscriber('t2'));
    const refused = (() => {
      try {
        hub.open(subscriber('t3'));
      } catch (error) {
        return error;
      }
    })();
    expect(isAppError(refused) && refused.code).toBe('RATE_LIMITED');
    expect(isAppError(refused) && refused.details).toMatchObject({ retry_after_s: expect.any(Number) });
    expect(() => hub.open(subscriber('t3', 'u2', 's2'))).not.toThrow();
    leave();
    expect(() => hub.open(subscriber('t3'))).not.toThrow();
  });

  it('ends streams when their session or user is revoked here, or found revoked on the re-check', async () => {
    rows.set('t1', row('t1'));
    const [a, b, c, d] = [
      subscriber('t1', 'u1', 's1'),
      subscriber('t1', 'u1', 's2'),
      subscriber('t1', 'u2', 's3'),
      subscriber('t1', 'u3', 's4'),
    ];
    for (const s of [a, b, c, d]) hub.open(s as ProgressSubscriber);
    sessionEvents.revoked({ familyId: 's1' });
    expect([a?.ended, b?.ended]).toEqual([true, false]);
    sessionEvents.revoked({ userId: 'u2' });
    expect(c?.ended).toBe(true);
    revoked.add('s4');
    await vi.advanceTimersByTimeAsync(5 * TICK);
    expect([b?.ended, d?.ended]).toEqual([false, true]);
  });

  it('keeps the streams through a failed read and tries again on the next tick', async () => {
    rows.set('t1', row('t1'));
    const s = subscriber('t1');
    hub.close();
    let fail = true;
    hub = new ProgressHub({
      read: async (ids) => {
        reads.push(ids);
        if (fail) throw new Error('connection lost');
        return [row('t1', { wordsDone: 50 })];
      },
      activeSessions: async (sessions) => new Set(sessions.map((x) => x.familyId)),
      intervalMs: TICK,
      perUser: 20,
      translationsPerTick: 500,
      onError: () => {},
    });
    hub.open(s);
    await vi.advanceTimersByTimeAsync(TICK);
    expect(s.ended).toBe(false);
    fail = false;
    await vi.advanceTimersByTimeAsync(TICK);
    expect(JSON.parse(s.got.at(-1) as string)).toMatchObject({ progress: 50 });
  });
});
