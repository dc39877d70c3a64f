import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { translations } from './translations';

/** A block as a chunk job needs it: no book parsing in the translating step. */
export interface ChunkBlock {
  /** Memory id: the block id, or `blockId#part/count` for a part of an oversized block. */
  id: string;
  blockId: string;
  chapterId: string;
  part?: { index: number; count: number };
  text: string;
  tokens: number;
  words: number;
  /** Hash of the whole block's source text. */
  hash: string;
}

/**
 * The chunks of the current run, one queue job each. `attempt` goes up every time a worker claims
 * the chunk; a save carries the attempt it was made under and is refused when a newer one exists,
 * so the late reply of a worker presumed dead never overwrites its successor.
 */
export const translationChunks = pgTable(
  'translation_chunks',
  {
    translationId: uuid('translation_id')
      .notNull()
      .references(() => translations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    run: integer('run').notNull(),
    chapter: text('chapter'),
    blocks: jsonb('blocks').$type<ChunkBlock[]>().notNull(),
    /** Source text just before the chunk, for continuity. */
    previous: text('previous'),
    words: integer('words').notNull(),
    status: text('status').notNull().default('queued'),
    attempt: integer('attempt').notNull().default(0),
    /** A short chunk for the slots kept beside a wave: it yields them to anyone else (decision 314). */
    fill: boolean('fill').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.translationId, t.seq] })],
);

/**
 * The translation memory: every translated block, saved as it arrives. A retry, a restart or a
 * re-planned run reads it first and never asks the provider again for a block it has.
 */
export const translationBlocks = pgTable(
  'translation_blocks',
  {
    translationId: uuid('translation_id')
      .notNull()
      .references(() => translations.id, { onDelete: 'cascade' }),
    blockId: text('block_id').notNull(),
    /** Hash of the source placeholder text, so an edited source never reuses a stale translation. */
    sourceHash: text('source_hash').notNull(),
    text: text('text').notNull(),
    words: integer('words').notNull(),
    /** Where the text came from: null for the engine, 'memory' or 'edit' for the user's earlier translations. */
    origin: text('origin'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.translationId, t.blockId] })],
);

export type ChunkRow = typeof translationChunks.$inferSelect;
export type SavedBlockRow = typeof translationBlocks.$inferSelect;
