import { z } from 'zod';
import { IdParams } from './common';
import { defineRoute } from './route';

const BlockRef = { block_id: z.string(), chapter: z.string() };

/** The QA report of a translation (issue 12): what a reader should know about its quality. */
export const TranslationReport = z
  .object({
    blocks_total: z.number().int(),
    blocks_translated: z.number().int(),
    untranslated: z.array(
      z.object({ ...BlockRef, reason: z.enum(['identical', 'source_language', 'missing']) }),
    ),
    glossary: z.object({
      terms: z.array(
        z.object({
          term: z.string(),
          expected: z.string(),
          blocks: z.number().int(),
          compliant: z.number().int(),
        }),
      ),
      violations: z.array(
        z.object({
          term: z.string(),
          block_id: z.string(),
          /** The chapter's title (or id) of the passage; absent in reports written before it was kept. */
          chapter: z.string().optional(),
          expected: z.string(),
          found: z.string().nullable(),
        }),
      ),
    }),
    inconsistent_names: z.array(
      z.object({
        term: z.string(),
        renderings: z.array(z.object({ text: z.string(), blocks: z.number().int() })),
      }),
    ),
    length_outliers: z.array(z.object({ ...BlockRef, ratio: z.number(), usual: z.number() })),
    repaired: z.array(z.object({ block_id: z.string(), problem: z.string(), repair: z.string() })),
    chatter: z.array(z.object({ ...BlockRef, found: z.string() })),
    reported: z.array(z.object({ ...BlockRef, message: z.string() })),
    refined: z.array(z.object({ block_id: z.string(), finding: z.string(), fixed: z.boolean() })),
    /** Words of the source language left inside translated passages (at most five per passage). */
    source_words: z.array(z.object({ ...BlockRef, words: z.array(z.string()) })),
    /** Translated passages without one character of the target language's script ("Arabic"). */
    missing_script: z.array(z.object({ ...BlockRef, script: z.string() })),
    /** Checks that could not judge this translation; "every check passed" is said only when empty. */
    unchecked: z.array(z.enum(['source_language', 'source_words'])),
    /**
     * Passages taken from the user's translation memory (their earlier translations and edits), not
     * asked of the engine for this book; absent when none were.
     */
    from_memory: z.object({ passages: z.number().int(), words: z.number().int() }).optional(),
    /**
     * What the provider was paid for this translation, every run and retry included: tokens (the
     * reasoning part of the output counted apart too), its cost in US dollars when the model's price
     * is known, and what the economy lane saved against the standard price (0 in the standard lane).
     */
    provider: z
      .object({
        lane: z.enum(['standard', 'economy']),
        requests: z.number().int(),
        input_tokens: z.number().int(),
        output_tokens: z.number().int(),
        reasoning_tokens: z.number().int(),
        cost_usd: z.number().nullable(),
        cost_saved_usd: z.number(),
      })
      .optional(),
    /** One line: "2,541 of 2,567 passages translated; 3 glossary terms used inconsistently". */
    summary: z.string(),
  })
  .meta({ id: 'TranslationReport' });
export type TranslationReport = z.infer<typeof TranslationReport>;

export const getTranslationReport = defineRoute({
  method: 'GET',
  path: '/translations/:id/report/',
  summary: 'The QA report of a completed translation (409 before the first completion)',
  auth: true,
  params: IdParams,
  response: TranslationReport,
});
