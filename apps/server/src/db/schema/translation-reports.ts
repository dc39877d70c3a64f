import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { translations } from './translations';

/**
 * The QA report of a translation's latest completed run (issue 12): written by the merge step, read
 * by GET /translations/{id}/report/. The JSON is the translator's QaReport, as the API returns it.
 */
export const translationReports = pgTable('translation_reports', {
  translationId: uuid('translation_id')
    .primaryKey()
    .references(() => translations.id, { onDelete: 'cascade' }),
  run: integer('run').notNull(),
  report: jsonb('report').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What happened to a block in the translating step: a reply rejected and then repaired, or a block
 * the retry ladder reported. Chunk jobs append as they go; the merge step reads them into the report.
 */
export const translationBlockNotes = pgTable(
  'translation_block_notes',
  {
    id: serial('id').primaryKey(),
    translationId: uuid('translation_id')
      .notNull()
      .references(() => translations.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    blockId: text('block_id').notNull(),
    kind: text('kind').notNull(),
    problem: text('problem').notNull(),
    repair: text('repair').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('translation_block_notes_translation_idx').on(t.translationId, t.run)],
);
