import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../db/test-database';
import { seedOwnTranslation } from '../../../testing/seed-rows';
import { pipelineLogBindings } from './pipeline-log-bindings';

describe('pipelineLogBindings', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it("gives a pipeline job's lines the translation id and its owner's user id, and other jobs nothing", async () => {
    const db = handle.db;
    const { userId, translationId } = await seedOwnTranslation(db);
    const bindings = pipelineLogBindings(db);

    expect(await bindings('translation-chunk', { translationId: translationId, run: 1, seq: 3 })).toEqual({
      translationId: translationId,
      userId: userId,
    });
    expect(await bindings('translation-merge', { translationId: translationId, run: 1 })).toMatchObject({
      userId: userId,
    });
    expect(await bindings('mail-send', { translationId: translationId })).toEqual({});
    expect(await bindings('translation-prepare', { run: 1 })).toEqual({});
  });
});
