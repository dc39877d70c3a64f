import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { translations } from '../../db/schema';
import { createTestDatabase, testDatabaseKinds } from '../../db/test-database';
import { seedOwnTranslation } from '../../testing/seed-rows';
import { translationsRepository as repo } from './translations.repository';

describe.each(testDatabaseKinds())('re-translation claims on %s', (kind) => {
  let handle: DatabaseHandle;
  let translationId: string;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    ({ translationId } = await seedOwnTranslation(handle.db, { status: 'completed', wordsTotal: 30 }));
  }, 60_000);
  afterAll(() => handle?.close());

  const row = async () => {
    const [t] = await handle.db.select().from(translations).where(eq(translations.id, translationId));
    return { used: t!.passageRetranslations, since: t!.passageRetranslatingSince };
  };

  it('one at a time; a stale claim taken over is not released by its late owner', async () => {
    const db = handle.db;
    const first = await repo.claimRetranslation(db, translationId, 5);
    expect(first?.used).toBe(1);
    expect(await repo.claimRetranslation(db, translationId, 5)).toBeNull();

    // The first request hangs past the stale window; a second one takes over.
    await db
      .update(translations)
      .set({ passageRetranslatingSince: sql`now() - interval '4 minutes'` })
      .where(eq(translations.id, translationId));
    const stale = (await row()).since!;
    const second = await repo.claimRetranslation(db, translationId, 5);
    expect(second?.used).toBe(2);

    // The first ends late (its engine failed): its count comes back, the second's claim stays.
    await repo.releaseRetranslation(db, translationId, stale, true);
    expect(await row()).toEqual({ used: 1, since: second!.claim });
    expect(await repo.claimRetranslation(db, translationId, 5)).toBeNull();

    // The second ends with a text: counted, and the next one may start.
    await repo.releaseRetranslation(db, translationId, second!.claim, false);
    expect(await row()).toEqual({ used: 1, since: null });
    expect((await repo.claimRetranslation(db, translationId, 5))?.used).toBe(2);
  });

  it('refuses a claim past the allowance', async () => {
    const db = handle.db;
    const { since } = await row();
    if (since) await repo.releaseRetranslation(db, translationId, since, false);
    expect(await repo.claimRetranslation(db, translationId, (await row()).used)).toBeNull();
  });
});
