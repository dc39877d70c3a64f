import type { Readable } from 'node:stream';
import type { CreateBookFromUploadRequest } from '@booktranslate/contract';
import type { z } from 'zod';

/**
 * One part of a multipart book upload, as the route reads it off the request. Parts come in the
 * order the client sent them (text fields may follow the file), so they are handed on as they
 * arrive: the file's bytes go to storage without being held in memory.
 */
export type UploadPart =
  | { type: 'field'; name: string; value: string }
  | {
      type: 'file';
      name: string;
      filename: string | undefined;
      stream: Readable;
      /** True once the stream stopped at the size limit; read it after the stream ended. */
      truncated(): boolean;
    };

/** The JSON form of POST /books/ after a direct upload (packages/contract). */
export type DirectUpload = z.output<typeof CreateBookFromUploadRequest>;

/**
 * What a book upload request carries: multipart parts, or the grant of a direct upload (null when
 * the JSON body is not one; refused after the credit check, as every malformed upload is).
 */
export type UploadInput =
  | {
      kind: 'multipart';
      parts: AsyncIterable<UploadPart>;
      /** The least the file can be from the declared Content-Length (0 when none was declared). */
      declaredBytes: number;
    }
  | { kind: 'direct'; upload: DirectUpload | null };
