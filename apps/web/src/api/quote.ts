import type { TranslationQuote } from '@booktranslate/contract';
import { loadClient } from './loadClient';

/** POST /translations/quote/: the file inspected by the server, nothing stored and no credit spent. */
export async function quoteTranslation(file: File, targetLanguage: string): Promise<TranslationQuote> {
  // An upload goes by XMLHttpRequest, past mock mode's fetch: mock mode answers it here instead.
  // The flag is written inline so the bundler drops the mock entirely from normal builds.
  if (import.meta.env.VITE_MOCK_API === 'true') {
    const { mockRequest } = await import('./mock/mockApi');
    const body = { filename: file.name, target_language: targetLanguage };
    return (await mockRequest('POST', '/translations/quote/', body)) as TranslationQuote;
  }
  const { client, routes } = await loadClient();
  return client.upload(routes.translations.quoteTranslation, {
    fields: { target_language: targetLanguage },
    file,
    fileName: file.name,
  });
}
