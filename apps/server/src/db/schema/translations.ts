import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './books';
import { users } from './users';

/** Storage keys of the files written in merging. */
export interface TranslationOutputs {
  epub?: string;
  fb2?: string;
  txt?: string;
  bilingualEpub?: string;
  /** A DOCX or Markdown book's own format, its source rewritten with the translation. */
  docx?: string;
  md?: string;
}

export interface StoredTitles {
  title?: string;
  labels: [string, string][];
}

/**
 * One translation of a book into one language, and the pipeline's state. `run` goes up on every
 * retry, cancel and brief re-translation: jobs carry the run they belong to and stop when it moved on.
 */
export const translations = pgTable(
  'translations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceLanguage: text('source_language'),
    targetLanguage: text('target_language').notNull(),
    status: text('status').notNull().default('pending'),
    /** A readable reason when failed. */
    failureReason: text('failure_reason'),
    /**
     * Why it failed, for rules: 'book' when the book itself cannot be read or written within the
     * sandbox's bounds (a retry is refused with the reason), null for everything a retry can fix.
     */
    failureKind: text('failure_kind'),
    run: integer('run').notNull().default(1),
    /** Source words this translation covers (the whole book, or the Free credit's first 5,000). */
    wordsTotal: integer('words_total').notNull().default(0),
    wordsDone: integer('words_done').notNull().default(0),
    /** Of wordsDone, the words taken from the user's translation memory (no provider request). */
    wordsFromMemory: integer('words_from_memory').notNull().default(0),
    /** Words already done when translating (re)started, so the pace counts only new work. */
    wordsAtStart: integer('words_at_start').notNull().default(0),
    wordLimit: integer('word_limit'),
    currentChapter: text('current_chapter'),
    translatingStartedAt: timestamp('translating_started_at', { withTimezone: true }),
    estimatedCompletion: timestamp('estimated_completion', { withTimezone: true }),
    /** The credit this translation holds: taken on creation, given back on failure or an early cancel. */
    creditTier: text('credit_tier'),
    creditHeld: boolean('credit_held').notNull().default(false),
    /** The run whose ledger entry holds the credit (source ids are per run). */
    creditRun: integer('credit_run'),
    engine: text('engine'),
    engineModel: text('engine_model'),
    brief: jsonb('brief'),
    /** The user asked to review the glossary first: the run waits in `reviewing` after the analysis. */
    reviewGlossary: boolean('review_glossary').notNull().default(false),
    /** Set when the user edited the brief: the analysis step then keeps it. */
    briefEdited: boolean('brief_edited').notNull().default(false),
    /** Glossary sources changed after completion: their blocks are translated again (free). */
    retranslateTerms: jsonb('retranslate_terms').$type<string[]>(),
    /** Source words translated again after glossary edits; at most wordsTotal (decision 131). */
    retranslatedWords: integer('retranslated_words').notNull().default(0),
    /** Paid provider requests and tokens of this translation, retries included, for its spend ceiling. */
    providerRequests: integer('provider_requests').notNull().default(0),
    providerTokens: bigint('provider_tokens', { mode: 'number' }).notNull().default(0),
    /** The same tokens by direction (reasoning: of the output, the thinking part), for the QA report. */
    providerInputTokens: bigint('provider_input_tokens', { mode: 'number' }).notNull().default(0),
    providerOutputTokens: bigint('provider_output_tokens', { mode: 'number' }).notNull().default(0),
    providerReasoningTokens: bigint('provider_reasoning_tokens', { mode: 'number' }).notNull().default(0),
    /** US dollars paid, when the model's price is known; and what the economy lane saved against it. */
    providerCostUsd: doublePrecision('provider_cost_usd').notNull().default(0),
    providerCostSavedUsd: doublePrecision('provider_cost_saved_usd').notNull().default(0),
    /** 'standard' or 'economy' (the provider's batch or flex price, decision 291). */
    lane: text('lane').notNull().default('standard'),
    /** 'provider_batch' while the economy lane waits for the provider's batches; null otherwise. */
    waitingFor: text('waiting_for'),
    /** Book title and TOC labels in the target language, translated while the book is analysed. */
    titles: jsonb('titles').$type<StoredTitles>(),
    outputs: jsonb('outputs').$type<TranslationOutputs>().notNull().default({}),
    /** Goes up with every manual edit, undo and single re-translation of a passage (the reader). */
    editsRevision: integer('edits_revision').notNull().default(0),
    /** The edits revision the stored outputs were written at; older outputs are rewritten before a download. */
    outputsRevision: integer('outputs_revision').notNull().default(0),
    /** Single passages translated again on request, at most PASSAGE_RETRANSLATIONS_PER_TRANSLATION. */
    passageRetranslations: integer('passage_retranslations').notNull().default(0),
    /** Set while one passage is being translated again: one at a time per translation. */
    passageRetranslatingSince: timestamp('passage_retranslating_since', { withTimezone: true }),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('translations_book_language_uq').on(t.bookId, t.targetLanguage),
    index('translations_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type TranslationRow = typeof translations.$inferSelect;
/** The columns of a translation the API shows (`toTranslationDto`); the polled reads select only these. */
export type ShownTranslationRow = Pick<
  TranslationRow,
  | 'id'
  | 'bookId'
  | 'sourceLanguage'
  | 'targetLanguage'
  | 'status'
  | 'failureReason'
  | 'failureKind'
  | 'currentChapter'
  | 'wordsTotal'
  | 'wordsDone'
  | 'wordsFromMemory'
  | 'wordLimit'
  | 'engine'
  | 'creditTier'
  | 'rating'
  | 'ratingComment'
  | 'lane'
  | 'waitingFor'
  | 'estimatedCompletion'
  | 'createdAt'
  | 'updatedAt'
  | 'completedAt'
>;
export type NewTranslationRow = typeof translations.$inferInsert;
