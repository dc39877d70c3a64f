import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { passageEdits } from '../../db/schema/passage-edits';

/** The only code that queries the passage_edits table (the owner's own texts for passages). */
export const passageEditsRepository = {
  /** Every edit of a translation: the merge and the rewrite of outputs lay them over the engine's texts. */
  async all(db: Executor, translationId: string): Promise<Map<string, string>> {
    const rows = await db
      .select({ blockId: passageEdits.blockId, text: passageEdits.text })
      .from(passageEdits)
      .where(eq(passageEdits.translationId, translationId));
    return new Map(rows.map((r) => [r.blockId, r.text]));
  },

  async of(db: Executor, translationId: string, blockIds: string[]): Promise<Map<string, string>> {
    if (blockIds.length === 0) return new Map();
    const found = new Map<string, string>();
    for (let i = 0; i < blockIds.length; i += 1000) {
      const rows = await db
        .select({ blockId: passageEdits.blockId, text: passageEdits.text })
        .from(passageEdits)
        .where(
          and(
            eq(passageEdits.translationId, translationId),
            inArray(passageEdits.blockId, blockIds.slice(i, i + 1000)),
          ),
        );
      for (const r of rows) found.set(r.blockId, r.text);
    }
    return found;
  },

  async save(db: Executor, translationId: string, blockId: string, text: string): Promise<void> {
    await db
      .insert(passageEdits)
      .values({ translationId, blockId, text })
      .onConflictDoUpdate({
        target: [passageEdits.translationId, passageEdits.blockId],
        set: { text, updatedAt: new Date() },
      });
  },

  /** Removes the edit of one block; false when there was none. */
  async remove(db: Executor, translationId: string, blockId: string): Promise<boolean> {
    const removed = await db
      .delete(passageEdits)
      .where(and(eq(passageEdits.translationId, translationId), eq(passageEdits.blockId, blockId)))
      .returning({ blockId: passageEdits.blockId });
    return removed.length > 0;
  },
};
