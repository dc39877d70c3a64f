import { createHmac, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BookStorage } from './book-storage';

/**
 * BookStorage on a local directory: keys are generated relative paths (never user input), writes go
 * to a temporary file renamed into place, so a half-written upload is never visible under its key.
 */
export function localBookStorage(root: string, secret: string, publicBase = '/api/v1/files'): BookStorage {
  const file = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  const sign = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  return {
    async writeStream(key, stream: Readable) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(stream, createWriteStream(temp));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async writeBytes(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
    async readBytes(key) {
      return new Uint8Array(await readFile(file(key)));
    },
    async readStream(key) {
      await stat(file(key));
      return createReadStream(file(key));
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
    async size(key) {
      try {
        return (await stat(file(key))).size;
      } catch {
        return null;
      }
    },
    async signedUrl(key, options) {
      const expires = Math.floor(Date.now() / 1000) + options.expiresIn;
      const name = options.filename ? `&filename=${encodeURIComponent(options.filename)}` : '';
      return `${publicBase}/${key}?expires=${expires}&signature=${sign(key, expires)}${name}`;
    },
    async presignedPost(key, options) {
      const expires = Math.floor(Date.now() / 1000) + options.expiresIn;
      return {
        url: `${publicBase}/upload`,
        fields: {
          key,
          expires: String(expires),
          max_bytes: String(options.maxBytes),
          signature: sign(`${key}:${options.maxBytes}`, expires),
        },
      };
    },
  };
}
