import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { deleteEachUnder } from './delete-each-under';
import type { LocalUrlSigner } from './local-url-signer';
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

const TEMP_DIR = '.tmp';

/**
 * Files under one directory (DATA_DIR/files by default). Writes go to a temporary file that is
 * renamed into place, so a crash or a failed upload never leaves a half-written object.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly root: string;
  /** Temporary files this process is writing: the sweep leaves them alone, however old. */
  readonly #writing = new Set<string>();

  constructor(
    root: string,
    readonly signer: LocalUrlSigner,
  ) {
    this.root = resolve(root);
  }

  #path(key: string): string {
    const path = resolve(this.root, assertKey(key));
    // assertKey already forbids '..'; this is the belt to its braces.
    if (!path.startsWith(this.root + sep))
      throw new StorageError('INVALID_KEY', 'key escapes the storage root');
    return path;
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<{ size: number }> {
    const target = this.#path(key);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (options.maxBytes !== undefined && size > options.maxBytes) {
          callback(new StorageError('TOO_LARGE', `larger than ${options.maxBytes} bytes`));
        } else callback(null, chunk);
      },
    });
    const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body;
    await this.#writeWhole(target, (temp) =>
      pipeline(source, counter, createWriteStream(temp, { flags: 'wx' })),
    );
    return { size };
  }

  async get(key: string): Promise<Readable> {
    const path = this.#path(key);
    if (!(await this.stat(key))) throw new StorageError('NOT_FOUND', `no object at ${key}`);
    return createReadStream(path);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.#path(key));
      return info.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const source = this.#path(from);
    if (!(await this.stat(from))) throw new StorageError('NOT_FOUND', `no object at ${from}`);
    await this.#writeWhole(this.#path(to), (temp) => copyFile(source, temp));
  }

  /** `write` fills a fresh temporary file, renamed to `target` once whole; a failed write leaves nothing. */
  async #writeWhole(target: string, write: (temp: string) => Promise<void>): Promise<void> {
    const temp = await this.#temporary();
    try {
      await write(temp);
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    } finally {
      this.#writing.delete(temp);
    }
  }

  /** A fresh temporary file name, held until the write that asked for it ends. */
  async #temporary(): Promise<string> {
    const temp = join(this.root, TEMP_DIR, randomUUID());
    await mkdir(dirname(temp), { recursive: true });
    this.#writing.add(temp);
    return temp;
  }

  async sweepTemporary(olderThan: Date): Promise<number> {
    const dir = join(this.root, TEMP_DIR);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(dir, name);
      if (this.#writing.has(path)) continue;
      // Another process may be writing it: a write keeps the file's mtime fresh.
      const info = await stat(path).catch(() => null);
      if (!info || info.mtime >= olderThan) continue;
      await rm(path, { force: true, recursive: true });
      removed++;
    }
    return removed;
  }

  async delete(key: string): Promise<void> {
    const path = this.#path(key);
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await this.#pruneEmptyDirs(dirname(path));
  }

  deletePrefix(prefix: string): Promise<number> {
    return deleteEachUnder(this, prefix);
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertPrefix(prefix);
    // Walk only the directory the prefix names (or its parent when it ends mid-name).
    const start = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const found: StoredObject[] = [];
    await this.#walk(join(this.root, start), found, prefix);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async #walk(dir: string, found: StoredObject[], prefix: string): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const key = relative(this.root, path).split(sep).join('/');
      if (key === TEMP_DIR) continue;
      if (entry.isDirectory()) await this.#walk(path, found, prefix);
      else if (entry.isFile() && key.startsWith(prefix)) {
        const info = await stat(path);
        found.push({ key, size: info.size, modifiedAt: info.mtime });
      }
    }
  }

  /** Removes directories left empty by a delete, up to the root (ENOTEMPTY stops it). */
  async #pruneEmptyDirs(dir: string): Promise<void> {
    for (let current = dir; current.startsWith(this.root + sep); current = dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
    }
  }

  async signedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    return this.signer.downloadUrl(key, options);
  }

  async signedUpload(key: string, options: UploadGrantOptions): Promise<UploadGrant> {
    return this.signer.uploadGrant(key, { expiresIn: options.expiresIn ?? 3600, maxBytes: options.maxBytes });
  }

  async check(): Promise<void> {
    await mkdir(join(this.root, TEMP_DIR), { recursive: true });
    await stat(this.root);
  }
}
