import { and, count, desc, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database';
import { type ChunkBlock, translationBlocks, translationChunks } from '../../db/schema/translation-blocks';
import { translations } from '../../db/schema/translations';
import { partKeysLike } from './pipeline/pipeline-keys';

export interface SavedBlock {
  sourceHash: string;
  words: number;
  /** Set when the block came from the user's translation memory. */
  origin: string | null;
}

export interface PlannedChunk {
  seq: number;
  chapter: string | null;
  blocks: ChunkBlock[];
  previous: string | null;
  words: number;
  /** A short chunk for the slots kept beside a wave (decision 314). */
  fill?: boolean;
}

export interface ClaimedChunk extends PlannedChunk {
  attempt: number;
}

export interface Fence {
  translationId: string;
  run: number;
  seq: number;
  attempt: number;
}

export interface BlockToSave {
  blockId: string;
  sourceHash: string;
  text: string;
  words: number;
  /** Set for a block taken from the user's translation memory: 'memory', or 'edit' for their own text. */
  origin?: 'memory' | 'edit';
}

/** The chunks of run `run` of the translation still waiting for a worker. */
function queuedInRun(translationId: string, run: number) {
  return and(
    eq(translationChunks.translationId, translationId),
    eq(translationChunks.run, run),
    eq(translationChunks.status, 'queued'),
  );
}

/** The only code that queries the chunk and translated-block tables. */
export const translationMemoryRepository = {
  async savedBlocks(db: Executor, translationId: string): Promise<Map<string, SavedBlock>> {
    const rows = await db
      .select({
        blockId: translationBlocks.blockId,
        sourceHash: translationBlocks.sourceHash,
        words: translationBlocks.words,
        origin: translationBlocks.origin,
      })
      .from(translationBlocks)
      .where(eq(translationBlocks.translationId, translationId));
    return new Map(
      rows.map((r) => [r.blockId, { sourceHash: r.sourceHash, words: r.words, origin: r.origin }]),
    );
  },

  async savedTexts(db: Executor, translationId: string): Promise<Map<string, string>> {
    const rows = await db
      .select({ blockId: translationBlocks.blockId, text: translationBlocks.text })
      .from(translationBlocks)
      .where(eq(translationBlocks.translationId, translationId));
    return new Map(rows.map((r) => [r.blockId, r.text]));
  },

  /** The blocks of the translation taken from the user's memory, by block id (parts by their block). */
  async memoryOrigins(
    db: Executor,
    translationId: string,
    blockIds?: string[],
  ): Promise<Map<string, 'memory' | 'edit'>> {
    const found = new Map<string, 'memory' | 'edit'>();
    const batches = blockIds ? Math.ceil(blockIds.length / 1000) : 1;
    for (let i = 0; i < batches; i++) {
      const rows = await db
        .select({ blockId: translationBlocks.blockId, origin: translationBlocks.origin })
        .from(translationBlocks)
        .where(
          and(
            eq(translationBlocks.translationId, translationId),
            isNotNull(translationBlocks.origin),
            blockIds
              ? inArray(
                  sql`split_part(${translationBlocks.blockId}, '#', 1)`,
                  blockIds.slice(i * 1000, (i + 1) * 1000),
                )
              : undefined,
          ),
        );
      for (const r of rows) found.set(r.blockId.split('#')[0] as string, r.origin as 'memory' | 'edit');
    }
    return found;
  },

  async forgetBlocks(db: Executor, translationId: string, blockIds: string[]): Promise<void> {
    for (let i = 0; i < blockIds.length; i += 1000) {
      await db
        .delete(translationBlocks)
        .where(
          and(
            eq(translationBlocks.translationId, translationId),
            inArray(translationBlocks.blockId, blockIds.slice(i, i + 1000)),
          ),
        );
    }
  },

  /** Replaces the chunk plan with the one of a new run. */
  async replaceChunks(
    db: Executor,
    translationId: string,
    run: number,
    chunks: PlannedChunk[],
  ): Promise<void> {
    await db.delete(translationChunks).where(eq(translationChunks.translationId, translationId));
    for (let i = 0; i < chunks.length; i += 200) {
      await db
        .insert(translationChunks)
        .values(chunks.slice(i, i + 200).map((c) => ({ ...c, translationId, run })));
    }
  },

  /**
   * The engine's saved units of these blocks: whole blocks and the parts of split ones
   * (`c1.b7#0/3`), for joinSavedUnits.
   */
  async savedUnits(db: Executor, translationId: string, blockIds: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let i = 0; i < blockIds.length; i += 1000) {
      const rows = await db
        .select({ blockId: translationBlocks.blockId, text: translationBlocks.text })
        .from(translationBlocks)
        .where(
          and(
            eq(translationBlocks.translationId, translationId),
            inArray(sql`split_part(${translationBlocks.blockId}, '#', 1)`, blockIds.slice(i, i + 1000)),
          ),
        );
      for (const r of rows) found.set(r.blockId, r.text);
    }
    return found;
  },

  /**
   * Claims a queued chunk of the run for one attempt. Returns null when it is done, belongs to an
   * older run or is gone: the job then has nothing to do.
   */
  async claimChunk(
    db: Executor,
    translationId: string,
    run: number,
    seq: number,
  ): Promise<ClaimedChunk | null> {
    const [row] = await db
      .update(translationChunks)
      .set({ attempt: sql`${translationChunks.attempt} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(translationChunks.translationId, translationId),
          eq(translationChunks.seq, seq),
          eq(translationChunks.run, run),
          eq(translationChunks.status, 'queued'),
        ),
      )
      .returning();
    if (!row) return null;
    const { seq: s, chapter, blocks, previous, words, attempt, fill } = row;
    return { seq: s, chapter, blocks, previous, words, attempt, fill };
  },

  /** A chunk of the run as it stands, without claiming it (the economy lane's poll reads its blocks). */
  async chunkOf(
    db: Executor,
    translationId: string,
    run: number,
    seq: number,
  ): Promise<(ClaimedChunk & { status: string }) | null> {
    const [row] = await db
      .select()
      .from(translationChunks)
      .where(
        and(
          eq(translationChunks.translationId, translationId),
          eq(translationChunks.seq, seq),
          eq(translationChunks.run, run),
        ),
      );
    if (!row) return null;
    const { chapter, blocks, previous, words, attempt, status } = row;
    return { seq, chapter, blocks, previous, words, attempt, status };
  },

  async savedTextsOf(db: Executor, translationId: string, blockIds: string[]): Promise<Map<string, string>> {
    if (blockIds.length === 0) return new Map();
    const rows = await db
      .select({ blockId: translationBlocks.blockId, text: translationBlocks.text })
      .from(translationBlocks)
      .where(
        and(eq(translationBlocks.translationId, translationId), inArray(translationBlocks.blockId, blockIds)),
      );
    return new Map(rows.map((r) => [r.blockId, r.text]));
  },

  /**
   * Saves translated blocks (one reply's worth) if `fence.attempt` is still the chunk's latest, and
   * adds their words to the progress, in one transaction. Returns false when the save was refused.
   */
  async saveBlocks(db: Database, fence: Fence, blocks: BlockToSave[]): Promise<boolean> {
    if (blocks.length === 0) return true;
    return db.transaction(async (tx) => {
      // The translation's row before the chunk's: chunks saving at once wait in turn here instead
      // of deadlocking on the chunk and translation rows (seen with many remembered chunks).
      await tx
        .select({ id: translations.id })
        .from(translations)
        .where(eq(translations.id, fence.translationId))
        .for('no key update');
      if (!(await holdsFence(tx, fence))) return false;
      let words = 0;
      let remembered = 0;
      for (let i = 0; i < blocks.length; i += 500) {
        const inserted = await tx
          .insert(translationBlocks)
          .values(blocks.slice(i, i + 500).map((b) => ({ ...b, translationId: fence.translationId })))
          .onConflictDoNothing()
          .returning({ words: translationBlocks.words, origin: translationBlocks.origin });
        words += inserted.reduce((sum, r) => sum + r.words, 0);
        remembered += inserted.reduce((sum, r) => sum + (r.origin ? r.words : 0), 0);
      }
      if (words > 0) {
        await tx
          .update(translations)
          .set({
            wordsDone: sql`${translations.wordsDone} + ${words}`,
            wordsFromMemory: sql`${translations.wordsFromMemory} + ${remembered}`,
          })
          .where(eq(translations.id, fence.translationId));
      }
      return true;
    });
  },

  /** Replaces a block's saved translation (whole or in parts) with a refined one. */
  async replaceBlock(
    db: Executor,
    translationId: string,
    block: { blockId: string; sourceHash: string; text: string; words: number },
  ): Promise<void> {
    await db
      .delete(translationBlocks)
      .where(
        and(
          eq(translationBlocks.translationId, translationId),
          or(
            eq(translationBlocks.blockId, block.blockId),
            like(translationBlocks.blockId, partKeysLike(block.blockId)),
          ),
        ),
      );
    await db.insert(translationBlocks).values({ translationId, ...block });
  },

  /** Marks the chunk done under its fence (inside the caller's transaction); false when refused. */
  async finishChunk(tx: Executor, fence: Fence): Promise<boolean> {
    if (!(await holdsFence(tx, fence))) return false;
    await tx
      .update(translationChunks)
      .set({ status: 'done', updatedAt: sql`now()` })
      .where(
        and(eq(translationChunks.translationId, fence.translationId), eq(translationChunks.seq, fence.seq)),
      );
    return true;
  },

  async remainingChunks(db: Executor, translationId: string, run: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(translationChunks)
      .where(queuedInRun(translationId, run));
    return Number(row?.n ?? 0);
  },

  async queuedChunks(db: Executor, translationId: string, run: number): Promise<number[]> {
    const rows = await db
      .select({ seq: translationChunks.seq })
      .from(translationChunks)
      .where(queuedInRun(translationId, run))
      // Largest first: sent (and so fetched) in this order, the last to start are the shortest and no
      // worker slot idles long at the end of the book.
      .orderBy(desc(translationChunks.words), translationChunks.seq);
    return rows.map((r) => r.seq);
  },
};

/** Locks the chunk row and tells whether `fence.attempt` is still its latest, queued attempt. */
async function holdsFence(tx: Executor, fence: Fence): Promise<boolean> {
  const [chunk] = await tx
    .select({
      attempt: translationChunks.attempt,
      status: translationChunks.status,
      run: translationChunks.run,
    })
    .from(translationChunks)
    .where(
      and(eq(translationChunks.translationId, fence.translationId), eq(translationChunks.seq, fence.seq)),
    )
    .for('update');
  return !!chunk && chunk.run === fence.run && chunk.attempt === fence.attempt && chunk.status === 'queued';
}
