import type { Book, OutputFormat, RouteInput, routes, Translation } from '@booktranslate/contract';
import type { TranslationLaneName } from '@booktranslate/contract/translation-statuses';
import { bucketGrantFor, postToBucket } from './directUpload';
import { httpStatus } from './errors';
import { loadClient } from './loadClient';
import type { DownloadResult } from './transfer';
import { titledBook } from './types';

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
  const answer = await client.api.books.listBooks({ query });
  return { books: answer.items.map(titledBook), total: answer.total };
}

/** One book with its translations (the reader's header). */
export async function getBook(id: string): Promise<Book> {
  const { client } = await loadClient();
  return titledBook(await client.api.books.getBook({ params: { id } }));
}

/** POST /books/ in its JSON form, after the file went to the bucket (or, in mock mode, nowhere). */
type CreateFromUpload = RouteInput<typeof routes.books.createBook>['body'] & {
  upload_key: string;
  filename: string;
};

/**
 * Uploads a book with real progress and answers `data.book`. With S3 storage the file goes straight
 * to the bucket under a grant, then POST /books/ names the key; with local storage it is the
 * multipart POST /books/ (decision 143). Mock mode reports progress in steps and sends the JSON form.
 */
export async function uploadBook(
  file: File,
  targetLanguage: string,
  onProgress: (p: number) => void,
  options: { reviewGlossary?: boolean; lane?: TranslationLaneName } = {},
): Promise<Book> {
  // The lane is sent only when it is not the default, so a server without lanes is not asked one.
  const lane = options.lane === 'economy' && { lane: 'economy' as const };
  const { client, routes } = await loadClient();
  const createFromKey = async (uploadKey: string) => {
    const body: CreateFromUpload = {
      upload_key: uploadKey,
      filename: file.name,
      target_language: targetLanguage,
      ...(options.reviewGlossary && { review_glossary: 'true' as const }),
      ...lane,
    };
    return titledBook((await client.api.books.createBook({ body })).data.book);
  };
  // The flag is written inline so the bundler drops the mock entirely from normal builds.
  if (import.meta.env.VITE_MOCK_API === 'true') {
    await (await import('./mock/mockUpload')).mockProgress(onProgress);
    return createFromKey('mock');
  }
  const grant = await bucketGrantFor(file);
  if (grant) {
    await postToBucket(grant, file, onProgress);
    return createFromKey(grant.upload_key);
  }
  const answer = await client.upload(routes.books.createBook, {
    fields: {
      target_language: targetLanguage,
      ...(options.reviewGlossary && { review_glossary: 'true' }),
      ...lane,
    },
    file,
    fileName: file.name,
    onProgress: (p) => onProgress(p.percent),
  });
  return titledBook(answer.data.book);
}

export async function deleteBook(id: string): Promise<void> {
  const { client } = await loadClient();
  await client.api.books.deleteBook({ params: { id } });
}

export async function addTranslation(
  bookId: string,
  targetLanguage: string,
  lane: TranslationLaneName = 'standard',
): Promise<Translation> {
  const { client } = await loadClient();
  const answer = await client.api.books.addTranslation({
    params: { id: bookId },
    body: { target_language: targetLanguage, ...(lane === 'economy' && { lane }) },
  });
  return answer;
}

export async function originalDownloadUrl(bookId: string): Promise<string> {
  const { client } = await loadClient();
  const body = await client.api.books.downloadOriginal({ params: { id: bookId } });
  return body.downloadUrl;
}

/** `layout: 'bilingual'` puts each original block after its translation. */
export async function downloadTranslation(
  id: string,
  format: OutputFormat,
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
    const status = httpStatus(err);
    return {
      success: false,
      error: status !== undefined ? `HTTP error! status: ${status}` : 'Download failed',
    };
  }
}
