import { loadClient } from './loadClient';
import type { TranslationQuote } from './types';

/** POST /translations/quote/: the file inspected by the server, nothing stored and no credit spent. */
export async function quoteTranslation(file: File, targetLanguage: string): Promise<TranslationQuote> {
  const { client, routes } = await loadClient();
  const quote = await client.upload(routes.translations.quoteTranslation, {
    fields: { target_language: targetLanguage },
    file,
    fileName: file.name,
  });
  return {
    title: quote.title,
    author: quote.author,
    words: quote.words,
    chapters: quote.chapters,
    sourceLanguage: quote.source_language,
    coverage: quote.coverage,
    estimatedSeconds: quote.estimated_seconds,
  };
}
