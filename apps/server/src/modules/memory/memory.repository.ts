import { and, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { translationMemory } from '../../db/schema/translation-memory';

/** One passage to remember. */
export interface MemoryEntry {
  textHash: string;
  termsHash: string;
  origin: 'engine' | 'edit';
  text: string;
  words: number;
}

/** A remembered passage as a lookup answers it. */
export interface MemoryHit {
  textHash: string;
  termsHash: string;
  origin: string;
  text: string;
}

/** Hashes per query: a batch stays one index scan and well within PostgreSQL's parameter limit. */
const BATCH = 1000;

/** The only code that queries the translation memory table. */
export const memoryRepository = {
  /** The user's remembered passages under these text hashes (any terms), in batches. */
  async find(db: Executor, userId: string, textHashes: string[]): Promise<MemoryHit[]> {
    const unique = [...new Set(textHashes)];
    const hits: MemoryHit[] = [];
    for (let i = 0; i < unique.length; i += BATCH) {
      const rows = await db
        .select({
          textHash: translationMemory.textHash,
          termsHash: translationMemory.termsHash,
          origin: translationMemory.origin,
          text: translationMemory.text,
        })
        .from(translationMemory)
        .where(
          and(
            eq(translationMemory.userId, userId),
            inArray(translationMemory.textHash, unique.slice(i, i + BATCH)),
          ),
        );
      hits.push(...rows);
    }
    return hits;
  },

  /** Remembers passages: a newer text under the same key replaces the older one. */
  async remember(db: Executor, userId: string, entries: MemoryEntry[]): Promise<void> {
    // One row per key within a statement: ON CONFLICT cannot touch the same row twice.
    const byKey = new Map(entries.map((e) => [`${e.textHash}\u0000${e.termsHash}`, e]));
    const rows = [...byKey.values()];
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(translationMemory)
        .values(rows.slice(i, i + 500).map((e) => ({ ...e, userId })))
        .onConflictDoUpdate({
          target: [translationMemory.userId, translationMemory.textHash, translationMemory.termsHash],
          set: {
            text: sql`excluded.text`,
            words: sql`excluded.words`,
            origin: sql`excluded.origin`,
            updatedAt: sql`now()`,
          },
        });
    }
  },

  /** Forgets one remembered passage (an edit undone). */
  async forget(db: Executor, userId: string, textHash: string, termsHash: string): Promise<void> {
    await db
      .delete(translationMemory)
      .where(
        and(
          eq(translationMemory.userId, userId),
          eq(translationMemory.textHash, textHash),
          eq(translationMemory.termsHash, termsHash),
        ),
      );
  },

  async summary(db: Executor, userId: string): Promise<{ passages: number; edits: number; words: number }> {
    const [row] = await db
      .select({
        passages: count(),
        edits: sql<number>`count(*) filter (where ${translationMemory.origin} = 'edit')`,
        words: sum(translationMemory.words),
      })
      .from(translationMemory)
      .where(eq(translationMemory.userId, userId));
    return {
      passages: Number(row?.passages ?? 0),
      edits: Number(row?.edits ?? 0),
      words: Number(row?.words ?? 0),
    };
  },

  async clear(db: Executor, userId: string): Promise<void> {
    await db.delete(translationMemory).where(eq(translationMemory.userId, userId));
  },

  /** Whether the user remembers anything at all (a quote skips the lookup when not). */
  async hasAny(db: Executor, userId: string): Promise<boolean> {
    const rows = await db
      .select({ one: sql`1` })
      .from(translationMemory)
      .where(eq(translationMemory.userId, userId))
      .limit(1);
    return rows.length > 0;
  },
};
