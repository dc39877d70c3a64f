import { uploadWithProgress } from './transfer';
import type { TranslationQuote } from './types';

type Raw = Record<string, unknown>;

/** POST /translations/quote/: the file inspected by the server, nothing stored and no credit spent. */
export async function quoteTranslation(file: File, targetLanguage: string): Promise<TranslationQuote> {
  const form = new FormData();
  form.append('target_language', targetLanguage);
  form.append('file', file);
  const raw = await uploadWithProgress<Raw>('/translations/quote/', form, () => {});
  return {
    title: String(raw.title ?? ''),
    author: String(raw.author ?? ''),
    words: Number(raw.words ?? 0),
    chapters: Number(raw.chapters ?? 0),
    sourceLanguage: typeof raw.source_language === 'string' ? raw.source_language : null,
    coverage: String(raw.coverage ?? ''),
    estimatedSeconds: Number(raw.estimated_seconds ?? 0),
  };
}
