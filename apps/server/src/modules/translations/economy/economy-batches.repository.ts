import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { type BatchChunk, type EconomyBatchRow, economyBatches } from '../../../db/schema/economy-batches';
import { translations } from '../../../db/schema/translations';

/** Batch states whose provider work may still run (and be paid for). */
export const OPEN_STATES = ['submitting', 'submitted'];

/** The only code that queries the economy_batches table. */
export const economyBatchesRepository = {
  async ofRun(db: Executor, translationId: string, run: number): Promise<EconomyBatchRow[]> {
    return db
      .select()
      .from(economyBatches)
      .where(and(eq(economyBatches.translationId, translationId), eq(economyBatches.run, run)))
      .orderBy(economyBatches.groupIndex);
  },

  /** Every open batch of the translation, whatever its run (a cancel or a delete closes them all). */
  async open(db: Executor, translationId: string): Promise<EconomyBatchRow[]> {
    return db
      .select()
      .from(economyBatches)
      .where(
        and(eq(economyBatches.translationId, translationId), inArray(economyBatches.state, OPEN_STATES)),
      );
  },

  /** Written and committed before the provider is asked: a crash after it is seen, never resubmitted. */
  async recordSubmitting(
    db: Executor,
    row: {
      translationId: string;
      run: number;
      groupIndex: number;
      chunks: BatchChunk[];
      requests: number;
      provider: string;
      deadline: Date;
    },
  ): Promise<EconomyBatchRow | null> {
    const [inserted] = await db
      .insert(economyBatches)
      .values({ ...row, state: 'submitting' })
      .onConflictDoNothing()
      .returning();
    return inserted ?? null;
  },

  /** Gives a `submitting` batch the provider's id; false when it was settled otherwise first. */
  async recordSubmitted(db: Executor, id: string, providerBatchId: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(economyBatches)
      .set({ providerBatchId, state: 'submitted', submittedAt: at, updatedAt: sql`now()` })
      .where(and(eq(economyBatches.id, id), eq(economyBatches.state, 'submitting')))
      .returning({ id: economyBatches.id });
    return rows.length > 0;
  },

  /** Moves a batch from `from` to `state`; false when another step moved it first. */
  async close(
    db: Executor,
    id: string,
    from: string[],
    state: 'done' | 'fallen_back' | 'cancelled',
    providerState?: string,
  ): Promise<boolean> {
    const rows = await db
      .update(economyBatches)
      .set({ state, providerState, updatedAt: sql`now()` })
      .where(and(eq(economyBatches.id, id), inArray(economyBatches.state, from)))
      .returning({ id: economyBatches.id });
    return rows.length > 0;
  },

  async noteProviderState(db: Executor, id: string, providerState: string): Promise<void> {
    await db
      .update(economyBatches)
      .set({ providerState, updatedAt: sql`now()` })
      .where(eq(economyBatches.id, id));
  },

  /** Says on the translation whether it waits for the provider's batches. */
  async setWaiting(db: Executor, translationId: string, waiting: boolean): Promise<void> {
    await db
      .update(translations)
      .set({ waitingFor: waiting ? 'provider_batch' : null })
      .where(eq(translations.id, translationId));
  },
};
