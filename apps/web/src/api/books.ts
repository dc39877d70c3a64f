import { bucketGrantFor, createBookFromUpload, postToBucket } from './directUpload';
import { unwrap } from './http';
import { loadClient } from './loadClient';
import { toBook, toList, toTranslation } from './normalize';
import { type DownloadResult, uploadWithProgress } from './transfer';
import type { Book, Translation } from './types';

type Raw = Record<string, unknown>;

export interface BookPage {
  books: Book[];
  /** How many books the user has in all (the list holds at most `limit`). */
  total: number;
}

export async function listBooks(
  params: { page?: number; limit?: number; search?: string } = {},
): Promise<BookPage> {
  const { client } = await loadClient();
  const query = {
    page: params.page ?? 1,
    limit: params.limit ?? 10,
    ...(params.search ? { search: params.search } : {}),
  };
  const body = await client.api.books.listBooks({ query });
  const books = toList(body).map(toBook);
  const total = Number((body as { total?: unknown }).total ?? books.length);
  return { books, total: Number.isFinite(total) ? total : books.length };
}

/**
 * Uploads a book with real progress and answers `data.book`. With S3 storage the file goes straight
 * to the bucket under a grant, then POST /books/ names the key; with local storage it is the
 * multipart POST /books/ (decision 143).
 */
export async function uploadBook(
  file: File,
  targetLanguage: string,
  onProgress: (p: number) => void,
  options: { reviewGlossary?: boolean } = {},
): Promise<Book> {
  let body: Raw;
  const review: Record<string, string> = options.reviewGlossary ? { review_glossary: 'true' } : {};
  if (import.meta.env.VITE_MOCK_API === 'true') {
    body = await uploadWithProgress<Raw>('/books/', formOf(file, targetLanguage), onProgress);
  } else {
    const grant = await bucketGrantFor(file);
    if (grant) {
      await postToBucket(grant, file, onProgress);
      body = await createBookFromUpload(grant, file, targetLanguage, review);
    } else {
      const { client, routes } = await loadClient();
      const answer = await client.upload(routes.books.createBook, {
        fields: { target_language: targetLanguage, ...review },
        file,
        fileName: file.name,
        onProgress: (p) => onProgress(p.percent),
      });
      body = unwrap<Raw>(answer);
    }
  }
  return toBook((body?.book ?? body) as Raw);
}

function formOf(file: File, targetLanguage: string): FormData {
  const form = new FormData();
  form.append('target_language', targetLanguage);
  form.append('file', file);
  return form;
}

export async function deleteBook(id: string): Promise<void> {
  const { client } = await loadClient();
  await client.api.books.deleteBook({ params: { id } });
}

export async function addTranslation(bookId: string, targetLanguage: string): Promise<Translation> {
  const { client } = await loadClient();
  const body = (await client.api.books.addTranslation({
    params: { id: bookId },
    body: { target_language: targetLanguage },
  })) as unknown as Raw;
  return toTranslation(
    unwrap<Raw>(body)?.translation ? (unwrap<Raw>(body).translation as Raw) : unwrap<Raw>(body),
  );
}

export async function originalDownloadUrl(bookId: string): Promise<string> {
  const { client } = await loadClient();
  const body = await client.api.books.downloadOriginal({ params: { id: bookId } });
  return body.downloadUrl;
}

/** `layout: 'bilingual'` puts each original block after its translation. */
export async function downloadTranslation(
  id: string,
  format: 'epub' | 'fb2' | 'txt',
  layout: 'translated' | 'bilingual' = 'translated',
): Promise<DownloadResult> {
  const { client, routes } = await loadClient();
  try {
    const { blob, filename } = await client.download(routes.translations.downloadTranslation, {
      params: { id },
      query: { file_format: format, layout },
      fallbackName: `translation_${id}.${format}`,
    });
    return { success: true, blob, filename };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return {
      success: false,
      error: typeof code === 'number' ? `HTTP error! status: ${code}` : 'Download failed',
    };
  }
}
