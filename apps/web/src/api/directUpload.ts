import type { RouteOutput, routes } from '@booktranslate/contract';
import { statusError, unreachable } from './errors';
import { loadClient } from './loadClient';
import { getPublicConfig } from './misc';

export type UploadGrant = RouteOutput<typeof routes.books.presignUpload>;

/**
 * True for a bucket's POST policy (S3 and compatible stores sign with `X-Amz-Signature`). The local
 * driver's grant points back at the API, where the multipart POST /books/ is the shorter way.
 */
export function isBucketGrant(grant: UploadGrant): boolean {
  return Object.keys(grant.fields).some((k) => k.toLowerCase() === 'x-amz-signature');
}

const UPLOAD_FILE_TYPES = ['txt', 'pdf', 'doc', 'docx', 'epub'] as const;

/**
 * The upload request's `file_type` (spec section 5): the extension when it is txt, pdf, doc, docx or
 * epub, anything else txt. Only a label: the server decides a book's format from its bytes.
 *
 * @example uploadFileType('Emma.EPUB') // 'epub'; uploadFileType('tale.fb2') // 'txt'
 */
export function uploadFileType(filename: string): (typeof UPLOAD_FILE_TYPES)[number] {
  const dot = filename.lastIndexOf('.');
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  return UPLOAD_FILE_TYPES.find((t) => t === ext) ?? 'txt';
}

// The public config says whether storage is a bucket, once per page load; local storage never asks
// for a grant (an unclaimed grant counts against the user's cap until it expires).
let bucketStorage: boolean | undefined;

/** A direct-upload grant with S3 storage; undefined with local storage (or when the grant failed). */
export async function bucketGrantFor(file: File): Promise<UploadGrant | undefined> {
  if (bucketStorage === undefined) {
    try {
      bucketStorage = (await getPublicConfig()).direct_uploads;
    } catch {
      return undefined;
    }
  }
  if (!bucketStorage) return undefined;
  const { client } = await loadClient();
  let grant: UploadGrant;
  try {
    grant = await client.api.books.presignUpload({
      body: {
        operation: 'upload',
        filename: file.name,
        file_size: file.size,
        file_type: uploadFileType(file.name),
        content_type: file.type || 'text/plain',
        expires_in: 3600,
      },
    });
  } catch {
    // The multipart path still works; a refused grant must not stop the upload.
    return undefined;
  }
  bucketStorage = isBucketGrant(grant);
  return bucketStorage ? grant : undefined;
}

/** For tests: forget what the last grant said about the storage. */
export function resetDirectUploads(): void {
  bucketStorage = undefined;
}

/**
 * Sends the file straight to the bucket as the grant's multipart form (its fields first, the file
 * last, as S3 requires), with progress; 200, 201 or 204 is success (spec section 7). Failures are
 * the api-client's ApiError, like every other call.
 */
export function postToBucket(grant: UploadGrant, file: File, onProgress: (p: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', grant.upload_url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(unreachable());
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 204 || xhr.status === 201) return resolve();
      reject(statusError(xhr.status, `Upload failed with status ${xhr.status}`));
    };
    xhr.send(form);
  });
}
