import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { LocalStorage } from './local-storage';
import { LocalUrlSigner } from './local-url-signer';
import { storageRoutes } from './storage.routes';
import { describeStorageConformance } from './storage-conformance';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(probe: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describeStorageConformance('local disk', async () => {
  const root = mkdtempSync(join(tmpdir(), 'bt-files-'));
  const port = await freePort();
  const signer = new LocalUrlSigner('x'.repeat(32), `http://127.0.0.1:${port}/api/v1/storage`);
  const storage = new LocalStorage(root, signer);
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(storageRoutes, { prefix: '/api/v1', storage });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    storage,
    enforcesPolicies: true,
    async close() {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
});

describe('local disk specifics', () => {
  it('leaves no temporary files behind after a failed write', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bt-files-'));
    const storage = new LocalStorage(
      root,
      new LocalUrlSigner('x'.repeat(32), 'http://localhost/api/v1/storage'),
    );
    await expect(storage.put('a/b.bin', new Uint8Array(20), { maxBytes: 10 })).rejects.toThrow();
    expect(await storage.list('')).toEqual([]);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('sweeps temporary files of unfinished writes older than the cut-off, never a write in progress', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bt-files-'));
    const storage = new LocalStorage(
      root,
      new LocalUrlSigner('x'.repeat(32), 'http://localhost/api/v1/storage'),
    );
    await storage.put('books/kept.txt', new Uint8Array([1, 2, 3]));
    const temp = join(root, '.tmp');
    const old = new Date(Date.now() - 2 * 3600_000);
    writeFileSync(join(temp, 'left-behind'), 'half a book');
    utimesSync(join(temp, 'left-behind'), old, old);
    writeFileSync(join(temp, 'another-process'), 'a book arriving');
    // A write of this process that has been open a long time (a slow client): held, so kept.
    const slow = new PassThrough();
    const writing = storage.put('books/slow.txt', slow);
    slow.write('the first chapter');
    await until(() => readdirSync(temp).length === 3);
    const held = readdirSync(temp).find((name) => name !== 'left-behind' && name !== 'another-process')!;
    utimesSync(join(temp, held), old, old);

    expect(await storage.sweepTemporary(new Date(Date.now() - 3600_000))).toBe(1);
    expect(readdirSync(temp).sort()).toEqual(['another-process', held].sort());
    slow.end();
    await writing;
    expect((await storage.list('books/')).map((o) => o.key)).toEqual(['books/kept.txt', 'books/slow.txt']);
    expect(await storage.sweepTemporary(new Date())).toBe(1);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('does not accept a download link signed with another secret', () => {
    const ours = new LocalUrlSigner('a'.repeat(32), 'http://localhost/s');
    const theirs = new LocalUrlSigner('b'.repeat(32), 'http://localhost/s');
    const url = new URL(theirs.downloadUrl('k/x.bin', { expiresIn: 60 }));
    expect(() => ours.verifyDownload(Object.fromEntries(url.searchParams))).toThrow(/signature/i);
    expect(
      ours.verifyDownload(
        Object.fromEntries(new URL(ours.downloadUrl('k/x.bin', { expiresIn: 60 })).searchParams),
      ).key,
    ).toBe('k/x.bin');
  });
});
