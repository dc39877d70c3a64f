import { z } from 'zod';
import { defineRoute } from './route';

/**
 * The signed-in user's translation memory: every passage of their finished translations, and their
 * own edits, which a later translation of the same text (a new edition, the next volume, the same
 * book again) takes instead of asking the engine. Only ever the user's own.
 */
export const TranslationMemorySummary = z
  .object({
    /** Passages remembered (the user's own edits among them). */
    passages: z.number().int().min(0),
    /** Of those, the user's own edits, which win over the engine's text. */
    edits: z.number().int().min(0),
    /** Source words the remembered passages hold. */
    words: z.number().int().min(0),
  })
  .meta({ id: 'TranslationMemorySummary' });
export type TranslationMemorySummary = z.infer<typeof TranslationMemorySummary>;

/**
 * The quote's sentence on the memory.
 * @example memorySentence(21_400, 23_100) // '21,400 of 23,100 words from your earlier translations'
 */
export function memorySentence(fromMemory: number, words: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${n(fromMemory)} of ${n(words)} words from your earlier translations`;
}

const getTranslationMemory = defineRoute({
  method: 'GET',
  path: '/users/translation-memory/',
  summary: 'What the signed-in user’s translation memory holds',
  auth: true,
  response: TranslationMemorySummary,
});

const clearTranslationMemory = defineRoute({
  method: 'DELETE',
  path: '/users/translation-memory/',
  summary: 'Forget every remembered passage of the signed-in user (their translations stay as they are)',
  auth: true,
  response: TranslationMemorySummary,
});

export const memoryRoutes = { getTranslationMemory, clearTranslationMemory } as const;
