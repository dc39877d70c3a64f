import { request } from './http';
import { toBook, toList, toTranslation } from './normalize';
import { downloadBlob, uploadWithProgress } from './transfer';
import type { Book, Translation } from './types';

type Raw = Record<string, unknown>;

export async function listBooks(
  params: { page?: number; limit?: number; search?: string } = {},
): Promise<Book[]> {
  const body = await request<unknown>('/books/', {
    query: { page: params.page ?? 1, limit: params.limit ?? 10, search: params.search },
  });
  return toList(body).map(toBook);
}

export async function uploadBook(
  file: File,
  targetLanguage: string,
  onProgress: (p: number) => void,
): Promise<Book> {
  const form = new FormData();
  form.append('target_language', targetLanguage);
  form.append('file', file);
  const body = await uploadWithProgress<Raw>('/books/', form, onProgress);
  return toBook((body?.book ?? body) as Raw);
}

export async function deleteBook(id: string): Promise<void> {
  await request(`/books/${id}/`, { method: 'DELETE' });
}

export async function addTranslation(bookId: string, targetLanguage: string): Promise<Translation> {
  const body = await request<Raw>(`/books/${bookId}/add_translation/`, {
    method: 'POST',
    body: { target_language: targetLanguage },
  });
  return toTranslation((body?.translation ?? body) as Raw);
}

export async function originalDownloadUrl(bookId: string): Promise<string> {
  const body = await request<Raw>(`/books/${bookId}/download-original/`);
  const url = body?.download_url ?? body?.downloadUrl;
  if (typeof url !== 'string') throw new Error('Download failed');
  return url;
}

/** `layout: 'bilingual'` puts each original block after its translation. */
export function downloadTranslation(
  id: string,
  format: string,
  layout: 'translated' | 'bilingual' = 'translated',
) {
  const query: Record<string, string> = { file_format: format };
  if (layout === 'bilingual') query.layout = layout;
  return downloadBlob(`/translations/${id}/download-file/`, query, `translation_${id}.${format}`);
}
