import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { countHit, peekHits } from './pg-rate-limit-store';

describe('countHit (the shared rate-limit store)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it('counts every hit once, also when they arrive together', async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => countHit(handle.db, 'together', 60_000)));
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(hits.every((hit) => hit.ttl > 0 && hit.ttl <= 60_000)).toBe(true);
  });

  it('starts a new window once the old one has ended, and keeps keys apart', async () => {
    expect((await countHit(handle.db, 'short', 150)).current).toBe(1);
    expect((await countHit(handle.db, 'short', 150)).current).toBe(2);
    expect((await countHit(handle.db, 'other', 150)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const fresh = await countHit(handle.db, 'short', 150);
    expect(fresh.current).toBe(1);
  });

  it('peeks without counting', async () => {
    expect(await peekHits(handle.db, 'peek')).toEqual({ current: 0, ttl: 0 });
    await countHit(handle.db, 'peek', 60_000);
    expect((await peekHits(handle.db, 'peek')).current).toBe(1);
    expect((await peekHits(handle.db, 'peek')).current).toBe(1);
  });
});
