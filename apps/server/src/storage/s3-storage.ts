import { type Readable, Transform } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config/env';
import { attachmentDisposition } from './content-disposition';
import { deleteEachUnder } from './delete-each-under';
import { cacheControlFor, stableExpiry } from './link-caching';
import type {
  DownloadUrlOptions,
  PutOptions,
  Storage,
  StoredObject,
  UploadGrant,
  UploadGrantOptions,
} from './storage';
import { StorageError } from './storage-error';
import { assertKey, assertPrefix } from './storage-key';

type S3Settings = Config['storage']['s3'];

/** Any S3-compatible store. Streams go up in 8 MiB parts (lib-storage), never buffered whole. */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Since client-s3 3.729 the SDK adds CRC32 checksums by default, which S3-compatible stores
      // (MinIO, R2, B2, s3rver) reject or mishandle; send them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<{ size: number }> {
    assertKey(key);
    const contentType = options.contentType ?? 'application/octet-stream';
    if (body instanceof Uint8Array) {
      if (options.maxBytes !== undefined && body.byteLength > options.maxBytes) {
        throw new StorageError('TOO_LARGE', `larger than ${options.maxBytes} bytes`);
      }
      await this.#call(() =>
        this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
        ),
      );
      return { size: body.byteLength };
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (options.maxBytes !== undefined && size > options.maxBytes) {
          callback(new StorageError('TOO_LARGE', `larger than ${options.maxBytes} bytes`));
        } else callback(null, chunk);
      },
    });
    body.on('error', (error) => counter.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body.pipe(counter), ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      // A failed multipart upload is aborted, so no parts linger; the object appears only on success.
      leavePartsOnError: false,
    });
    const failed = new Promise<never>((_, reject) => counter.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
    } catch (error) {
      await upload.abort().catch(() => {});
      if (error instanceof StorageError) throw error;
      throw this.#wrap(error);
    }
    return { size };
  }

  async get(key: string): Promise<Readable> {
    assertKey(key);
    const result = await this.#call(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })),
    );
    return result.Body as Readable;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.#wrap(error);
    }
  }

  async copy(from: string, to: string): Promise<void> {
    assertKey(from);
    assertKey(to);
    await this.#call(() =>
      this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      ),
    );
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.#call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  deletePrefix(prefix: string): Promise<number> {
    // One DELETE per object: DeleteObjects needs a Content-MD5 that several S3-compatible stores
    // verify differently; per-object deletes work everywhere and prefixes here hold a few files.
    return deleteEachUnder(this, prefix);
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertPrefix(prefix);
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.#call(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix || undefined,
            ContinuationToken: token,
          }),
        ),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key)
          found.push({ key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertKey(key);
    const window = options.cacheWindow ? Math.max(1, Math.floor(options.cacheWindow)) : 0;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.filename ? { ResponseContentDisposition: attachmentDisposition(options.filename) } : {}),
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
      ...(window ? { ResponseCacheControl: cacheControlFor(window) } : {}),
    });
    if (!window) {
      return getSignedUrl(this.client, command, { expiresIn: Math.max(1, Math.floor(options.expiresIn)) });
    }
    // Signed as of the start of the window, valid to the end of the next one: the same URL all window.
    const expires = stableExpiry(Date.now(), window);
    const signedAt = expires - 2 * window;
    return getSignedUrl(this.client, command, {
      signingDate: new Date(signedAt * 1000),
      expiresIn: expires - signedAt,
    });
  }

  async signedUpload(key: string, options: UploadGrantOptions): Promise<UploadGrant> {
    assertKey(key);
    const grant = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [['content-length-range', 1, options.maxBytes]],
      Expires: options.expiresIn ?? 3600,
    });
    return { url: grant.url, fields: grant.fields };
  }

  /**
   * Nothing to sweep here: a failed write aborts its multipart upload, and an object appears only
   * once complete. Parts of a process that died mid-upload are the bucket's lifecycle rule's
   * (AbortIncompleteMultipartUpload, docs/operations.md).
   */
  async sweepTemporary(_olderThan: Date): Promise<number> {
    return 0;
  }

  async check(): Promise<void> {
    await this.#call(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  async #call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.#wrap(error);
    }
  }

  #wrap(error: unknown): Error {
    if (error instanceof StorageError) return error;
    if (isMissing(error)) return new StorageError('NOT_FOUND', 'no such object', { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    return new StorageError('UNAVAILABLE', `object store: ${message}`, { cause: error });
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}
