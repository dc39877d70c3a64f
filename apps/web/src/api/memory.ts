import type { TranslationMemorySummary } from '@booktranslate/contract';
import { loadClient } from './loadClient';

/** GET /users/translation-memory/: what the user's translation memory holds. */
export async function getTranslationMemory(): Promise<TranslationMemorySummary> {
  const { client } = await loadClient();
  return client.api.memory.getTranslationMemory();
}

/** DELETE /users/translation-memory/: forgets every remembered passage. */
export async function clearTranslationMemory(): Promise<TranslationMemorySummary> {
  const { client } = await loadClient();
  return client.api.memory.clearTranslationMemory();
}
