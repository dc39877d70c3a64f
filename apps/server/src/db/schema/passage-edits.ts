import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { translations } from './translations';

/**
 * The owner's own text for a passage (the reader and editor, issue 13). It wins over the engine's
 * saved block everywhere: the reader, the merge of every later run and the downloads. Placeholder
 * text, with exactly the placeholders of the source block.
 */
export const passageEdits = pgTable(
  'passage_edits',
  {
    translationId: uuid('translation_id')
      .notNull()
      .references(() => translations.id, { onDelete: 'cascade' }),
    blockId: text('block_id').notNull(),
    text: text('text').notNull(),
    /** 'edit' (typed by the owner) or 'retranslation' (one passage translated again, decision 234). */
    kind: text('kind').notNull().default('edit'),
    /** What the passage showed before this text, when that was itself an edit or a re-translation: undo restores it. */
    previousText: text('previous_text'),
    previousKind: text('previous_kind'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.translationId, t.blockId] })],
);
