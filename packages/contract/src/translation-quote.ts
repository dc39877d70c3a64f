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
    /** From the engine's measured pace (its recent translations) and the words covered. */
    estimated_seconds: z.number().int(),
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
