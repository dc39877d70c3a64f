import { z } from 'zod';
import { IdParams, PageQuery, Timestamp, Uuid } from './common';
import { OkResponse } from './errors';
import { defineRoute } from './route';
import { FileFormat, Translation } from './translations';

/** The largest upload, in bytes (100 MiB): 413 beyond it, before the rest is read. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** A book on the wire (spec section 3, snake_case); title, author and the rest come from the book itself. */
export const Book = z
  .object({
    id: Uuid,
    title: z.string(),
    author: z.string(),
    description: z.string().nullable(),
    original_language: z.string().nullable(),
    original_format: FileFormat,
    original_filename: z.string(),
    /** API path answering a signed download link (GET /books/{id}/download-original/). */
    original_file_url: z.string(),
    /** A signed, time-limited link to the cover image, or null. */
    cover_url: z.string().nullable(),
    file_size: z.number().int(),
    /** Null until the book has been parsed. */
    word_count: z.number().int().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    translations: z.array(Translation),
    translation_count: z.number().int(),
  })
  .meta({ id: 'Book' });
export type Book = z.infer<typeof Book>;

export const BookList = z.object({
  items: z.array(Book),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const ListBooksQuery = PageQuery.extend({ search: z.string().trim().max(200).optional() });

export const TargetLanguageRequest = z.object({
  target_language: z.string().trim().min(2).max(12),
  /** `economy` where the operator enables it (422 otherwise); default `standard`. */
  lane: z.enum(['standard', 'economy']).optional(),
});

/** POST /books/ answers `data.book` (its first translation inside) and `data.translation`. */
export const CreateBookResponse = z.object({
  success: z.literal(true),
  data: z.object({ book: Book, translation: Translation }),
});

export const DownloadOriginalResponse = z.object({
  downloadUrl: z.string(),
  expires_in: z.number().int(),
});

/** POST /upload/presigned-url/ (spec section 3, "Upload request"). */
export const UploadGrantRequest = z.object({
  operation: z.string().max(40).default('upload'),
  filename: z.string().trim().min(1).max(255),
  file_size: z.number().int().min(1).max(MAX_UPLOAD_BYTES),
  file_type: z.string().max(20).optional(),
  content_type: z.string().max(100).optional(),
  expires_in: z.number().int().min(60).max(3600).default(3600),
});

/** A direct-upload grant: POST the file as multipart to `upload_url` with `fields`, then create the book with `upload_key`. */
export const UploadGrant = z.object({
  upload_url: z.string(),
  fields: z.record(z.string(), z.string()),
  upload_key: z.string(),
  expires_in: z.number().int(),
});

/** JSON alternative of POST /books/ after a direct upload. */
export const CreateBookFromUploadRequest = z.object({
  upload_key: z.string().min(1).max(300),
  filename: z.string().trim().min(1).max(255),
  target_language: z.string().trim().min(2).max(12),
  /** 'true': stop after the analysis so the glossary can be reviewed, as in the multipart form. */
  review_glossary: z.enum(['true', 'false']).optional(),
  /** As in the multipart form: `economy` where the operator enables it. */
  lane: z.enum(['standard', 'economy']).optional(),
});

const listBooks = defineRoute({
  method: 'GET',
  path: '/books/',
  summary: "The user's books, newest first; search over title and author",
  auth: true,
  query: ListBooksQuery,
  response: BookList,
});
const createBook = defineRoute({
  method: 'POST',
  path: '/books/',
  summary:
    'Upload a book (multipart file + target_language, at most 100 MiB) and start translating; one credit',
  auth: true,
  bodyType: 'multipart',
  body: TargetLanguageRequest,
  response: CreateBookResponse,
  status: 201,
});
const getBook = defineRoute({
  method: 'GET',
  path: '/books/:id/',
  summary: 'One book with its translations',
  auth: true,
  params: IdParams,
  response: Book,
});
const deleteBook = defineRoute({
  method: 'DELETE',
  path: '/books/:id/',
  summary: 'Delete a book, its translations and every file',
  auth: true,
  params: IdParams,
  response: OkResponse,
});
const addTranslation = defineRoute({
  method: 'POST',
  path: '/books/:id/add_translation/',
  summary: 'Translate the book into another language; one credit; 409 when that language exists',
  auth: true,
  params: IdParams,
  body: TargetLanguageRequest,
  response: Translation,
  status: 201,
});
const listBookTranslations = defineRoute({
  method: 'GET',
  path: '/books/:id/translations/',
  summary: "The book's translations",
  auth: true,
  params: IdParams,
  response: z.array(Translation),
});
const downloadOriginal = defineRoute({
  method: 'GET',
  path: '/books/:id/download-original/',
  summary: 'A signed, time-limited link to the original file',
  auth: true,
  params: IdParams,
  response: DownloadOriginalResponse,
});
const presignUpload = defineRoute({
  method: 'POST',
  path: '/upload/presigned-url/',
  summary:
    'A single-use grant to upload a book straight to storage (3600 s); needs a credit (402), limited open grants per user (429, 413)',
  auth: true,
  body: UploadGrantRequest,
  response: UploadGrant,
});

export const booksRoutes = {
  listBooks,
  createBook,
  getBook,
  deleteBook,
  addTranslation,
  listBookTranslations,
  downloadOriginal,
  presignUpload,
} as const;
