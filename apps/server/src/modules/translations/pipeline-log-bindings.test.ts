import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { books } from '../../db/schema/books';
import { translations } from '../../db/schema/translations';
import { users } from '../../db/schema/users';
import { createTestDatabase } from '../../db/test-database';
import { pipelineLogBindings } from './pipeline-log-bindings';

describe('pipelineLogBindings', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it("gives a pipeline job's lines the translation id and its owner's user id, and other jobs nothing", async () => {
    const db = handle.db;
    const [user] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com` })
      .returning();
    const [book] = await db
      .insert(books)
      .values({
        userId: user!.id,
        title: 'T',
        originalFormat: 'txt',
        originalFilename: 't.txt',
        originalKey: 'k',
        fileSize: 1,
      })
      .returning();
    const [t] = await db
      .insert(translations)
      .values({ bookId: book!.id, userId: user!.id, targetLanguage: 'es' })
      .returning();
    const bindings = pipelineLogBindings(db);

    expect(await bindings('translation-chunk', { translationId: t!.id, run: 1, seq: 3 })).toEqual({
      translationId: t!.id,
      userId: user!.id,
    });
    expect(await bindings('translation-merge', { translationId: t!.id, run: 1 })).toMatchObject({
      userId: user!.id,
    });
    expect(await bindings('mail-send', { translationId: t!.id })).toEqual({});
    expect(await bindings('translation-prepare', { run: 1 })).toEqual({});
  });
});
