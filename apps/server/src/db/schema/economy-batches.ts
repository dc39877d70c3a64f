import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A chunk a provider batch answers for, with the attempt its saves are fenced by. */
export interface BatchChunk {
  seq: number;
  attempt: number;
  /** The units asked for, in the request's key order (key i+1 is unit i). */
  units: string[];
}

/**
 * One provider batch of an economy translation (decision 291). The row is written before the
 * provider is asked (state `submitting`, no provider id) and given the provider's id after, so a
 * crash between the two is seen and never submitted again; `done` once its results are saved or its
 * chunks handed to the standard lane.
 */
export const economyBatches = pgTable(
  'economy_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key: a deleted translation's open batches are still cancelled at the provider by
    // the poll job, which needs their ids after the translation's row is gone.
    translationId: uuid('translation_id').notNull(),
    run: integer('run').notNull(),
    /** The batch's place among the run's batches: one row per (translation, run, group). */
    groupIndex: integer('group_index').notNull(),
    chunks: jsonb('chunks').$type<BatchChunk[]>().notNull(),
    requests: integer('requests').notNull(),
    provider: text('provider').notNull(),
    providerBatchId: text('provider_batch_id'),
    /** submitting | submitted | done | cancelled | fallen_back */
    state: text('state').notNull(),
    /** The provider's last word on it (in_progress, ended, expired, failed, cancelled). */
    providerState: text('provider_state'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('economy_batches_group_uq').on(t.translationId, t.run, t.groupIndex),
    index('economy_batches_translation_idx').on(t.translationId),
    index('economy_batches_state_idx').on(t.state),
  ],
);

export type EconomyBatchRow = typeof economyBatches.$inferSelect;
