import type { TranslationQuote } from '@booktranslate/contract';
import { loadClient } from './loadClient';

/** POST /translations/quote/: the file inspected by the server, nothing stored and no credit spent. */
export async function quoteTranslation(file: File, targetLanguage: string): Promise<TranslationQuote> {
  const { client, routes } = await loadClient();
  return client.upload(routes.translations.quoteTranslation, {
    fields: { target_language: targetLanguage },
    file,
    fileName: file.name,
  });
}
