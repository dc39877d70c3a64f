import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllBytes } from './read-all-bytes';
import type { Storage } from './storage';
import { isStorageError } from './storage-error';

export interface ConformanceTarget {
  storage: Storage;
  close(): Promise<void>;
  /**
   * The store itself verifies link signatures, expiry and the POST policy's conditions (key,
   * content-length-range). Real S3 does; s3rver does not check v4 signatures or policies, so for S3
   * those limits are checked in the signed text instead (s3-storage.test.ts).
   */
  enforcesPolicies: boolean;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A body of `size` random bytes delivered in 64 KiB chunks, as a network upload arrives. */
function chunkedStream(bytes: Uint8Array): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 65536) yield Buffer.from(bytes.subarray(at, at + 65536));
    })(),
  );
}

async function upload(grant: { url: string; fields: Record<string, string> }, bytes: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([bytes]), 'upload.bin');
  return fetch(grant.url, { method: 'POST', body: form });
}

/** One behaviour for every driver: run against local disk and S3 alike. */
export function describeStorageConformance(label: string, setup: () => Promise<ConformanceTarget>): void {
  describe(`storage conformance: ${label}`, () => {
    let target: ConformanceTarget;
    let storage: Storage;
    beforeAll(async () => {
      target = await setup();
      storage = target.storage;
    });
    afterAll(() => target?.close());

    it('stores bytes and reads them back', async () => {
      const bytes = new TextEncoder().encode('Это книга. 这是一本书。');
      expect(await storage.put('books/b1/original.txt', bytes, { contentType: 'text/plain' })).toEqual({
        size: bytes.length,
      });
      expect(await readAllBytes(storage, 'books/b1/original.txt')).toEqual(bytes);
      expect((await storage.stat('books/b1/original.txt'))?.size).toBe(bytes.length);
      await storage.check();
    });

    it('streams a multi-megabyte body in and out', async () => {
      const bytes = new Uint8Array(randomBytes(9 * 1024 * 1024 + 123));
      const { size } = await storage.put('books/big/original.epub', chunkedStream(bytes));
      expect(size).toBe(bytes.length);
      const back = new Uint8Array(await buffer(await storage.get('books/big/original.epub')));
      expect(sha(back)).toBe(sha(bytes));
    });

    it('replaces an object on a second write', async () => {
      await storage.put('over/x.txt', new TextEncoder().encode('first'), { contentType: 'text/plain' });
      await storage.put('over/x.txt', Readable.from([Buffer.from('second')]), { contentType: 'text/plain' });
      expect(new TextDecoder().decode(await readAllBytes(storage, 'over/x.txt'))).toBe('second');
    });

    it('reports missing objects without throwing, except on read', async () => {
      expect(await storage.stat('missing/nothing.bin')).toBeNull();
      await expect(storage.delete('missing/nothing.bin')).resolves.toBeUndefined();
      const read = storage.get('missing/nothing.bin');
      await expect(read).rejects.toSatisfy((error) => isStorageError(error, 'NOT_FOUND'));
    });

    it('copies an object, keeping its bytes, and reports a missing one', async () => {
      const bytes = new TextEncoder().encode('copied once');
      await storage.put('copy/from.txt', bytes, { contentType: 'text/plain' });
      await storage.copy('copy/from.txt', 'copy/to/there.txt');
      await storage.put('copy/from.txt', new TextEncoder().encode('changed later'));
      expect(await readAllBytes(storage, 'copy/to/there.txt')).toEqual(bytes);
      await expect(storage.copy('copy/missing.txt', 'copy/x.txt')).rejects.toSatisfy((error) =>
        isStorageError(error, 'NOT_FOUND'),
      );
    });

    it('lists and deletes by prefix', async () => {
      const one = new Uint8Array([1]);
      for (const key of ['p/a/1.bin', 'p/a/2.bin', 'p/a/sub/3.bin', 'p/ab/4.bin'])
        await storage.put(key, one);
      expect((await storage.list('p/a/')).map((object) => object.key)).toEqual([
        'p/a/1.bin',
        'p/a/2.bin',
        'p/a/sub/3.bin',
      ]);
      expect(await storage.deletePrefix('p/a/')).toBe(3);
      expect((await storage.list('p/')).map((object) => object.key)).toEqual(['p/ab/4.bin']);
    });

    it('refuses keys that could escape or confuse the store', async () => {
      for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a/../b', '', '.hidden', 'a\\b', 'a b']) {
        await expect(storage.put(key, new Uint8Array([1]))).rejects.toSatisfy((error) =>
          isStorageError(error, 'INVALID_KEY'),
        );
      }
    });

    it('stores nothing when a body passes maxBytes, keeping the old object', async () => {
      await storage.put('limit/file.bin', new Uint8Array([7]));
      const body = chunkedStream(new Uint8Array(300_000));
      await expect(storage.put('limit/file.bin', body, { maxBytes: 100_000 })).rejects.toSatisfy((error) =>
        isStorageError(error, 'TOO_LARGE'),
      );
      expect(await readAllBytes(storage, 'limit/file.bin')).toEqual(new Uint8Array([7]));
      await expect(storage.put('limit/new.bin', new Uint8Array(11), { maxBytes: 10 })).rejects.toThrow();
      expect(await storage.stat('limit/new.bin')).toBeNull();
    });

    it('signs download links that expire and cannot be altered', async () => {
      const bytes = new TextEncoder().encode('translated text');
      await storage.put('dl/book.txt', bytes, { contentType: 'text/plain' });
      const url = await storage.signedDownloadUrl('dl/book.txt', {
        expiresIn: 60,
        filename: 'Война и мир.txt',
      });
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
      expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''%D0%92%D0%BE");

      // A cover shown in an <img> needs its image type even when the link names none.
      await storage.put('dl/cover.png', new Uint8Array([137, 80, 78, 71]), { contentType: 'image/png' });
      const cover = await fetch(await storage.signedDownloadUrl('dl/cover.png', { expiresIn: 60 }));
      expect(cover.headers.get('content-type')).toBe('image/png');

      if (target.enforcesPolicies) {
        await storage.put('dl/other.txt', new TextEncoder().encode('someone else'));
        const tampered = url
          .replace('dl/book.txt', 'dl/other.txt')
          .replace('dl%2Fbook.txt', 'dl%2Fother.txt');
        expect(tampered).not.toBe(url);
        expect((await fetch(tampered)).status).toBe(403);

        const short = await storage.signedDownloadUrl('dl/book.txt', { expiresIn: 1 });
        await new Promise((resolve) => setTimeout(resolve, 2100));
        expect((await fetch(short)).status).toBe(403);
      }
    });

    it('signs cover links that stay the same for a cache window and serve the type they name', async () => {
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
      // Stored with an HTML type, as a hostile book might declare it: the link's type wins.
      await storage.put('covers/b.svg', svg, { contentType: 'text/html' });
      const options = { expiresIn: 3600, cacheWindow: 3600, contentType: 'image/svg+xml' };
      const first = await storage.signedDownloadUrl('covers/b.svg', options);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await storage.signedDownloadUrl('covers/b.svg', options)).toBe(first);
      const response = await fetch(first);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('private, max-age=3600, immutable');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(svg);
      // Other links are signed afresh each time and never cached.
      const once = await storage.signedDownloadUrl('covers/b.svg', { expiresIn: 60 });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await storage.signedDownloadUrl('covers/b.svg', { expiresIn: 60 })).not.toBe(once);
    });

    it('grants direct uploads limited to one key and a size', async () => {
      const bytes = new Uint8Array(randomBytes(50_000));
      const grant = await storage.signedUpload('up/book.epub', { maxBytes: 100_000 });
      const response = await upload(grant, bytes);
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      expect(sha(await readAllBytes(storage, 'up/book.epub'))).toBe(sha(bytes));

      if (target.enforcesPolicies) {
        const forged = await upload(
          { ...grant, fields: { ...grant.fields, key: 'up/elsewhere.epub' } },
          bytes,
        );
        expect(forged.status).toBe(403);
        expect(await storage.stat('up/elsewhere.epub')).toBeNull();

        const tooBig = await upload(await storage.signedUpload('up/big.epub', { maxBytes: 1000 }), bytes);
        expect(tooBig.status).toBeGreaterThanOrEqual(400);
        expect(await storage.stat('up/big.epub')).toBeNull();
      }
    });
  });
}
