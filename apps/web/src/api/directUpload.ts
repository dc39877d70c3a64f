import { ApiError, networkError, request } from './http';
import { loadClient } from './loadClient';
import { getPublicConfig } from './misc';

type Raw = Record<string, unknown>;

export interface UploadGrant {
  upload_url: string;
  fields: Record<string, string>;
  upload_key: string;
}

/**
 * True for a bucket's POST policy (S3 and compatible stores sign with `X-Amz-Signature`). The local
 * driver's grant points back at the API, where the multipart POST /books/ is the shorter way.
 */
export function isBucketGrant(grant: UploadGrant): boolean {
  return Object.keys(grant.fields).some((k) => k.toLowerCase() === 'x-amz-signature');
}

// The public config says whether storage is a bucket, once per page load; local storage never asks
// for a grant (an unclaimed grant counts against the user's cap until it expires).
let bucketStorage: boolean | undefined;

/** A direct-upload grant with S3 storage; undefined with local storage (or when the grant failed). */
export async function bucketGrantFor(file: File): Promise<UploadGrant | undefined> {
  if (bucketStorage === undefined) {
    try {
      bucketStorage = (await getPublicConfig()).directUploads;
    } catch {
      return undefined;
    }
  }
  if (!bucketStorage) return undefined;
  const { client } = await loadClient();
  let grant: UploadGrant;
  try {
    grant = (await client.api.books.presignUpload({
      body: {
        operation: 'upload',
        filename: file.name,
        file_size: file.size,
        file_type: file.name.split('.').pop()?.toLowerCase() ?? 'txt',
        content_type: file.type || 'text/plain',
        expires_in: 3600,
      },
    })) as UploadGrant;
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
 * last, as S3 requires), with progress; 200 or 204 is success (spec section 7).
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
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 204 || xhr.status === 201) return resolve();
      reject(new ApiError(xhr.status, `Upload failed with status ${xhr.status}`));
    };
    xhr.send(form);
  });
}

/** POST /books/ in its JSON form: the uploaded key, the file's name and the target language. */
export async function createBookFromUpload(
  grant: UploadGrant,
  file: File,
  targetLanguage: string,
  review: Record<string, string> = {},
): Promise<Raw> {
  return request<Raw>('/books/', {
    method: 'POST',
    body: { upload_key: grant.upload_key, filename: file.name, target_language: targetLanguage, ...review },
  });
}
