import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type {
  DownloadUrlOptions,
  PutOptions,
  Storage,
  StoredObject,
  UploadGrant,
  UploadGrantOptions,
} from './storage';

/** The conveniences of the Storage interface, written once over the core methods each driver implements. */
export abstract class BaseStorage implements Storage {
  abstract readonly driver: 'local' | 's3';
  abstract put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<{ size: number }>;
  abstract get(key: string): Promise<Readable>;
  abstract stat(key: string): Promise<StoredObject | null>;
  abstract copy(from: string, to: string): Promise<void>;
  abstract delete(key: string): Promise<void>;
  abstract deletePrefix(prefix: string): Promise<number>;
  abstract list(prefix: string): Promise<StoredObject[]>;
  abstract signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  abstract signedUpload(key: string, options: UploadGrantOptions): Promise<UploadGrant>;
  abstract check(): Promise<void>;

  async readBytes(key: string): Promise<Uint8Array> {
    return new Uint8Array(await buffer(await this.get(key)));
  }

  readStream(key: string): Promise<Readable> {
    return this.get(key);
  }

  async writeBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.put(key, bytes, { contentType });
  }

  async writeStream(key: string, stream: Readable, contentType: string): Promise<void> {
    await this.put(key, stream, { contentType });
  }

  remove(key: string): Promise<void> {
    return this.delete(key);
  }

  async size(key: string): Promise<number | null> {
    return (await this.stat(key))?.size ?? null;
  }

  signedUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    return this.signedDownloadUrl(key, options);
  }

  presignedPost(key: string, options: { expiresIn: number; maxBytes: number }): Promise<UploadGrant> {
    return this.signedUpload(key, options);
  }
}
