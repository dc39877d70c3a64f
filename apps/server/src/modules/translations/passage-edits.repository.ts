import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { passageEdits } from '../../db/schema/passage-edits';

/** How a passage's laid-over text came to be (decision 234). */
export type EditKind = 'edit' | 'retranslation';

/** The text laid over the engine's for one passage, and what it replaced when undo should restore that. */
export interface EditLayer {
  text: string;
  kind: EditKind;
  previous: { text: string; kind: EditKind } | null;
}

const layerColumns = {
  blockId: passageEdits.blockId,
  text: passageEdits.text,
  kind: passageEdits.kind,
  previousText: passageEdits.previousText,
  previousKind: passageEdits.previousKind,
};

function toLayer(r: {
  text: string;
  kind: string;
  previousText: string | null;
  previousKind: string | null;
}) {
  const kindOf = (k: string | null): EditKind => (k === 'retranslation' ? 'retranslation' : 'edit');
  return {
    text: r.text,
    kind: kindOf(r.kind),
    previous: r.previousText === null ? null : { text: r.previousText, kind: kindOf(r.previousKind) },
  };
}

/** The only code that queries the passage_edits table (the owner's own texts for passages). */
export const passageEditsRepository = {
  /** The laid-over text of each block of `blockIds` (every block when omitted), with its kind. */
  async layers(db: Executor, translationId: string, blockIds?: string[]): Promise<Map<string, EditLayer>> {
    const found = new Map<string, EditLayer>();
    const add = (rows: Array<Parameters<typeof toLayer>[0] & { blockId: string }>) => {
      for (const r of rows) found.set(r.blockId, toLayer(r));
    };
    const own = eq(passageEdits.translationId, translationId);
    if (!blockIds) add(await db.select(layerColumns).from(passageEdits).where(own));
    for (let i = 0; blockIds && i < blockIds.length; i += 1000) {
      const some = inArray(passageEdits.blockId, blockIds.slice(i, i + 1000));
      add(await db.select(layerColumns).from(passageEdits).where(and(own, some)));
    }
    return found;
  },

  /** Lays `layer` over the engine's text of one block, replacing what was laid there before. */
  async saveLayer(db: Executor, translationId: string, blockId: string, layer: EditLayer): Promise<void> {
    const values = {
      text: layer.text,
      kind: layer.kind,
      previousText: layer.previous?.text ?? null,
      previousKind: layer.previous?.kind ?? null,
    };
    await db
      .insert(passageEdits)
      .values({ translationId, blockId, ...values })
      .onConflictDoUpdate({
        target: [passageEdits.translationId, passageEdits.blockId],
        set: { ...values, updatedAt: new Date() },
      });
  },

  /** Every edit of a translation: the merge and the rewrite of outputs lay them over the engine's texts. */
  async all(db: Executor, translationId: string): Promise<Map<string, string>> {
    const rows = await db
      .select({ blockId: passageEdits.blockId, text: passageEdits.text })
      .from(passageEdits)
      .where(eq(passageEdits.translationId, translationId));
    return new Map(rows.map((r) => [r.blockId, r.text]));
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
