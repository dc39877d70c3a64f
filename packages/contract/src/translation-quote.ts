import { z } from 'zod';
import { CreditTier } from './common';
import { defineRoute } from './route';

/** What starting a translation of this file would do, from an inspection that spends no credit. */
export const TranslationQuote = z
  .object({
    title: z.string(),
    author: z.string(),
    words: z.number().int(),
    chapters: z.number().int(),
    /** Declared or detected; null when neither is known. */
    source_language: z.string().nullable(),
    target_language: z.string(),
    /** The credit the translation would take (null: none left) and the words it covers. */
    credit_tier: CreditTier.nullable(),
    words_covered: z.number().int(),
    /** "Your Free credit translates the first 5,000 of this book's 104,212 words". */
    coverage: z.string(),
    /** The engine that would translate this book into this language, named as on a translation. */
    engine: z.string(),
    /** True when that engine is the demo engine: the translation would be placeholder text. */
    engine_is_demo: z.boolean(),
    /**
     * Of the words covered, those the user's translation memory already holds (their earlier
     * translations and edits of the same text): taken from it, not asked of the engine.
     */
    words_from_memory: z.number().int().default(0),
    /** "21,400 of 23,100 words from your earlier translations"; null when the memory holds none. */
    memory: z.string().nullable().default(null),
    /** From the engine's measured pace (its recent translations) and the words covered. */
    estimated_seconds: z.number().int(),
    /** PDF: the pages (from 1) that hold no text, such as scanned pages; empty for other books. */
    textless_pages: z.array(z.number().int()),
    /** "Pages 3 and 7 hold no text (scanned images): what is on them is not translated." */
    textless_pages_note: z.string().optional(),
    /** The lanes the user may start it in: `standard`, and `economy` where the operator enables it. */
    lanes: z.array(z.enum(['standard', 'economy'])).default(['standard']),
    /** "Economy: about half the provider cost, ready within hours" when economy is offered, else null. */
    economy_note: z.string().nullable().default(null),
  })
  .meta({ id: 'TranslationQuote' });
export type TranslationQuote = z.infer<typeof TranslationQuote>;

export const quoteTranslation = defineRoute({
  method: 'POST',
  path: '/translations/quote/',
  summary: 'Inspect a book (multipart file + target_language) without storing it or spending a credit',
  auth: true,
  bodyType: 'multipart',
  body: z.object({
    target_language: z.string().trim().min(2).max(12).optional(),
    language: z.string().trim().min(2).max(12).optional(),
  }),
  response: TranslationQuote,
});
