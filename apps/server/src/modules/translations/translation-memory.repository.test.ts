import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase, testDatabaseKinds } from '../../db/test-database';
import { seedOwnTranslation } from '../../testing/seed-rows';
import { translationMemoryRepository as memory } from './translation-memory.repository';
import { translationsRepository } from './translations.repository';

const block = (id: string, words: number) => ({
  id,
  blockId: id,
  chapterId: 'c1',
  text: `text ${id}`,
  tokens: 3,
  words,
  hash: 'h',
});

describe.each(testDatabaseKinds())('translation memory on %s: fenced saves', (kind) => {
  let handle: DatabaseHandle;
  let translationId: string;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const db = handle.db;
    ({ translationId } = await seedOwnTranslation(db, { status: 'translating', wordsTotal: 30 }));
    await memory.replaceChunks(db, translationId, 1, [
      { seq: 0, chapter: null, blocks: [block('b1', 10), block('b2', 20)], previous: null, words: 30 },
    ]);
  }, 60_000);
  afterAll(() => handle?.close());

  it('refuses the late save of an attempt a newer claim replaced, and closes the chunk once', async () => {
    const db = handle.db;
    const first = await memory.claimChunk(db, translationId, 1, 0);
    const second = await memory.claimChunk(db, translationId, 1, 0);
    expect([first?.attempt, second?.attempt]).toEqual([1, 2]);
    const stale = { translationId, run: 1, seq: 0, attempt: 1 };
    const current = { ...stale, attempt: 2 };
    const save = (text: string) => [{ blockId: 'b1', sourceHash: 'h', text, words: 10 }];

    expect(await memory.saveBlocks(db, stale, save('zombie'))).toBe(false);
    expect(await memory.saveBlocks(db, current, save('fresh'))).toBe(true);
    // A repeated save of the same block adds no words.
    expect(await memory.saveBlocks(db, current, save('again'))).toBe(true);
    expect((await memory.savedTexts(db, translationId)).get('b1')).toBe('fresh');
    expect((await translationsRepository.findById(db, translationId))?.wordsDone).toBe(10);

    expect(await db.transaction((tx) => memory.finishChunk(tx, stale))).toBe(false);
    expect(await db.transaction((tx) => memory.finishChunk(tx, current))).toBe(true);
    expect(await memory.remainingChunks(db, translationId, 1)).toBe(0);
    expect(await memory.claimChunk(db, translationId, 1, 0)).toBeNull();
    expect(
      await memory.saveBlocks(db, current, [{ blockId: 'b2', sourceHash: 'h', text: 'late', words: 20 }]),
    ).toBe(false);
  });
});
