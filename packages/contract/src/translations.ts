import { z } from 'zod';
import { CreditTier, IdParams, PageQuery, Timestamp, Uuid } from './common';
import { OkResponse } from './errors';
import { outputFormatIds, sourceFormatIds } from './formats';
import { defineRoute } from './route';
import { quoteTranslation } from './translation-quote';
import { getTranslationReport } from './translation-report';
import { translationLanes, translationStatuses, translationWaits } from './translation-statuses';

export { translationStatuses };
export const TranslationStatus = z.enum(translationStatuses);
export type TranslationStatus = z.infer<typeof TranslationStatus>;
/** `economy`: the provider's batch price, ready within hours (where the operator enables it). */
export const TranslationLane = z.enum(translationLanes);
export type TranslationLane = z.infer<typeof TranslationLane>;
/** `provider_batch`: the translation's chunks are in the provider's batch queue. */
export const TranslationWait = z.enum(translationWaits);
export type TranslationWait = z.infer<typeof TranslationWait>;

/** What a book may be uploaded in (formats.ts: sourceFormats). */
export const SourceFormat = z.enum(sourceFormatIds);
export type SourceFormat = z.infer<typeof SourceFormat>;
/** What a translation is downloaded in (formats.ts: outputFormats). */
export const OutputFormat = z.enum(outputFormatIds);
export type OutputFormat = z.infer<typeof OutputFormat>;
/** A book's stored format: the format it was uploaded in. */
export const FileFormat = SourceFormat;
export type FileFormat = SourceFormat;

/**
 * A Free credit's translation that stops before the end of its book (decision 226): the screens
 * call it a preview and offer to translate the rest (POST /translations/{id}/complete/).
 */
export const TranslationPreview = z
  .object({
    /** The Free credit's limit: 5,000 words. */
    word_limit: z.number().int(),
    /** Source words the preview covers: whole blocks within the limit. */
    words_translated: z.number().int(),
    /** The whole book's words; null while the book has not been read yet. */
    words_total: z.number().int().nullable(),
  })
  .meta({ id: 'TranslationPreview' });
export type TranslationPreview = z.infer<typeof TranslationPreview>;

/**
 * A translation on the wire (spec section 3, snake_case). `progress` and `progress_percentage`
 * carry the same 0-100 value, the share of source words translated.
 */
export const Translation = z
  .object({
    id: Uuid,
    book_id: Uuid,
    /** The original file's id (the book id): the spec's fileId. */
    file_id: Uuid,
    file_name: z.string(),
    file_type: FileFormat,
    file_size: z.number().int(),
    book_title: z.string(),
    source_language: z.string().nullable(),
    target_language: z.string(),
    status: TranslationStatus,
    progress: z.number().min(0).max(100),
    progress_percentage: z.number().min(0).max(100),
    /** Readable reason when failed. */
    failure_reason: z.string().nullable(),
    /**
     * 'book' when the book itself cannot be read or written within the service's bounds: a retry
     * is refused (422) and the book must be changed; null for failures a retry can fix.
     */
    failure_kind: z.enum(['book']).nullable(),
    current_chapter: z.string().nullable(),
    words_total: z.number().int(),
    words_done: z.number().int(),
    /** Of words_done, the words taken from the user's translation memory (no request to the engine). */
    words_from_memory: z.number().int().default(0),
    /** 5000 for a Free credit (the rest of the book stays in the source language); null: the whole book. */
    word_limit: z.number().int().nullable(),
    /**
     * Set while the translation covers only a Free credit's first words of a longer book; null when
     * it covers the whole book (a paid credit, or a book within the limit).
     */
    preview: TranslationPreview.nullable(),
    engine: z.string().nullable(),
    /** True when the demo engine did the work: the UI labels the result as a demo. */
    engine_is_demo: z.boolean(),
    credit_tier: CreditTier.nullable(),
    rating: z.number().int().nullable(),
    rating_comment: z.string().nullable(),
    /** Set once outputs exist (the translation id): the spec's outputFileId. */
    output_file_id: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    completed_at: Timestamp.nullable(),
    estimated_completion: Timestamp.nullable(),
    /** The lane it runs in (chosen at start). */
    lane: TranslationLane.default('standard'),
    /** Set while it waits for something other than its workers; null otherwise. */
    waiting_for: TranslationWait.nullable().default(null),
    /** That wait in words ("Waiting for the provider's batch (economy lane)"); null otherwise. */
    status_detail: z.string().nullable().default(null),
  })
  .meta({ id: 'Translation' });
export type Translation = z.infer<typeof Translation>;

export const TranslationList = z.object({
  items: z.array(Translation),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const ListTranslationsQuery = PageQuery.extend({
  status: z.union([TranslationStatus, z.literal('all')]).default('all'),
});

export const DownloadQuery = z.object({
  file_format: OutputFormat,
  /** `bilingual`: each translated block followed by its original (EPUB, FB2 and TXT). */
  layout: z.enum(['translated', 'bilingual']).default('translated'),
});

export const RatingRequest = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().max(5000).optional(),
});

export const GlossaryEntry = z.object({
  source: z.string().trim().min(1).max(200),
  target: z.string().trim().min(1).max(200),
  kind: z.enum(['character', 'place', 'term']).default('term'),
  gender: z.enum(['male', 'female', 'neuter', 'unknown']).optional(),
  note: z.string().max(500).optional(),
  /** Occurrences in the whole book, when the terms pass counted them (shown in the brief editor). */
  count: z.number().int().min(0).optional(),
  /**
   * The book's other forms of the source term, its case forms ("Атоса", "Атосом" for "Атос"): the
   * engine is told them so every form gets the one rendering.
   */
  forms: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});

/** The translation brief the analysis step writes and the user may edit. */
export const Brief = z
  .object({
    genre: z.string().max(200).default(''),
    register: z.string().max(200).default(''),
    narrator: z.string().max(200).default(''),
    summary: z.string().max(4000).default(''),
    /** Free-form instructions for the translator (tone, forms of address, spelling). */
    style_notes: z.string().max(4000).default(''),
    glossary: z.array(GlossaryEntry).max(500).default([]),
  })
  .meta({ id: 'Brief' });
export type Brief = z.infer<typeof Brief>;

export const BriefResponse = z.object({
  translation_id: Uuid,
  status: TranslationStatus,
  edited: z.boolean(),
  /** Null until the analysis step (or the user) wrote one. */
  brief: Brief.nullable(),
  /** Glossary terms whose blocks are translated again after an edit of a finished translation. */
  changed_terms: z.array(z.string()),
  /**
   * False when the translation's engine translates without the glossary (Apertium, the demo
   * engine): the screens say so where the glossary is shown. Null until an engine is chosen.
   */
  engine_follows_glossary: z.boolean().nullable(),
});

/** One server-sent event (`event: progress`) on GET /translations/{id}/events/. */
export const TranslationEvent = z.object({
  id: Uuid,
  status: TranslationStatus,
  progress: z.number(),
  current_chapter: z.string().nullable(),
  estimated_completion: Timestamp.nullable(),
  failure_reason: z.string().nullable(),
  /** As on the translation: `provider_batch` while the economy lane waits for the provider. */
  waiting_for: TranslationWait.nullable().default(null),
  status_detail: z.string().nullable().default(null),
});
export type TranslationEvent = z.infer<typeof TranslationEvent>;

export const CreateTranslationFields = z.object({
  /** `target_language` is the spec's field; `language` is accepted as its alias. */
  target_language: z.string().trim().min(2).max(12).optional(),
  language: z.string().trim().min(2).max(12).optional(),
  /** 'true': stop after the analysis so the glossary can be reviewed (see continueTranslation). */
  review_glossary: z.enum(['true', 'false']).optional(),
  /** `economy` where the public config's economy_lane is true (422 otherwise); default `standard`. */
  lane: TranslationLane.optional(),
});

const listTranslations = defineRoute({
  method: 'GET',
  path: '/translations/',
  summary: "The user's translations, newest first, optionally by status",
  auth: true,
  query: ListTranslationsQuery,
  response: TranslationList,
});
const createTranslation = defineRoute({
  method: 'POST',
  path: '/translations/',
  summary: 'Upload a book (multipart file + target_language) and start its translation; takes one credit',
  auth: true,
  bodyType: 'multipart',
  body: CreateTranslationFields,
  response: Translation,
  status: 201,
});
const getTranslation = defineRoute({
  method: 'GET',
  path: '/translations/:id/',
  summary: 'One translation with its status and progress',
  auth: true,
  params: IdParams,
  response: Translation,
});
const cancelTranslation = defineRoute({
  method: 'POST',
  path: '/translations/:id/cancel/',
  summary: 'Cancel (PUT accepted too); the credit comes back when translating had not begun',
  auth: true,
  params: IdParams,
  response: Translation,
});
const retryTranslation = defineRoute({
  method: 'POST',
  path: '/translations/:id/retry/',
  summary: 'Retry a failed or canceled translation, resuming from the blocks already translated',
  auth: true,
  params: IdParams,
  response: Translation,
});
const continueTranslation = defineRoute({
  method: 'POST',
  path: '/translations/:id/continue/',
  summary: 'Start translating a translation waiting for its glossary review (409 in any other status)',
  auth: true,
  params: IdParams,
  response: Translation,
});
const completeTranslation = defineRoute({
  method: 'POST',
  path: '/translations/:id/complete/',
  summary:
    'Translate the rest of a completed Free preview on one paid credit, keeping the passages already translated (409 unless a completed preview, 402 without a paid credit)',
  auth: true,
  params: IdParams,
  response: Translation,
});
const deleteTranslation = defineRoute({
  method: 'DELETE',
  path: '/translations/:id/',
  summary: 'Delete a translation and its files',
  auth: true,
  params: IdParams,
  response: OkResponse,
});
const downloadTranslation = defineRoute({
  method: 'GET',
  path: '/translations/:id/download-file/',
  summary: 'Download a completed translation as epub, fb2 or txt (409 until completed)',
  auth: true,
  params: IdParams,
  query: DownloadQuery,
  response: z.unknown(),
  responseType: 'binary',
});
const rateTranslation = defineRoute({
  method: 'PUT',
  path: '/translations/:id/rating/',
  summary: 'Rate a translation 1-5 with an optional comment',
  auth: true,
  params: IdParams,
  body: RatingRequest,
  response: Translation,
});
const getBrief = defineRoute({
  method: 'GET',
  path: '/translations/:id/brief/',
  summary: 'The translation brief: genre, register, glossary, style notes',
  auth: true,
  params: IdParams,
  response: BriefResponse,
});
const updateBrief = defineRoute({
  method: 'PUT',
  path: '/translations/:id/brief/',
  summary: 'Edit the brief; after completion only blocks with changed glossary terms are re-translated, free',
  auth: true,
  params: IdParams,
  body: Brief,
  response: BriefResponse,
});
const translationEvents = defineRoute({
  method: 'GET',
  path: '/translations/:id/events/',
  summary: 'Server-sent events: status, progress, current chapter, estimated completion',
  auth: true,
  params: IdParams,
  response: z.unknown(),
  responseType: 'binary',
});

export const translationsRoutes = {
  listTranslations,
  createTranslation,
  getTranslation,
  cancelTranslation,
  retryTranslation,
  deleteTranslation,
  downloadTranslation,
  rateTranslation,
  getBrief,
  updateBrief,
  translationEvents,
  getTranslationReport,
  quoteTranslation,
  continueTranslation,
  completeTranslation,
} as const;
