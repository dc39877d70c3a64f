import type { Readable } from 'node:stream';
import type { DownloadUrlOptions } from '../../storage/storage';
import type { FileStore } from '../translations/pipeline-deps';
import type { UploadSink } from './receive-upload';

/** What the books and translations modules use of the storage driver. */
export interface BookStorage extends UploadSink, FileStore {
  readStream(key: string): Promise<Readable>;
  /** Copies an object inside the store; StorageError NOT_FOUND when missing. */
  copy(from: string, to: string): Promise<void>;
  /** A time-limited link that downloads `key` (as `filename` when given). */
  signedUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  /** A direct-upload grant for `key`: POST multipart to `url` with `fields`, at most `maxBytes`. */
  presignedPost(
    key: string,
    options: { expiresIn: number; maxBytes: number },
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
}
