import { readdirSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { type InjectClient, injectClient } from '../../testing/inject-client';
import { creditsRepository } from '../credits/credits.repository';

/**
 * Descriptors this process holds open on files under `dir` (the storage folder): the upload's own.
 * Sockets and database connections, which a pool opens and keeps as it likes, do not count.
 */
const openFdsUnder = (dir: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false; // closed between the listing and the look
    }
  }).length;

async function until(probe: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * A client on a real socket that declares a whole multipart upload, sends the fields and half the
 * file, waits until the server is writing it, and goes away.
 */
async function abortMidFile(
  port: number,
  path: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  writing: () => boolean,
): Promise<void> {
  const boundary = '----btAbortedUpload';
  const file = Buffer.alloc(4 * 1024 * 1024, 'a');
  const head = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="book.txt"\r\n` +
        'content-type: text/plain\r\n\r\n',
    ),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  const lines = [
    `POST ${path} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    `content-type: multipart/form-data; boundary=${boundary}`,
    `content-length: ${head.length + file.length + tail.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  socket.write(head);
  socket.write(file.subarray(0, file.length / 2));
  try {
    expect(await until(writing, 10_000)).toBe(true);
  } finally {
    socket.destroy();
  }
}

describe('an upload whose client goes away mid-file', () => {
  let t: TestApp;
  let port: number;
  let user: InjectClient;
  let tempDir: string;
  const temporaryFiles = () => {
    try {
      return readdirSync(tempDir).length;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    tempDir = join(t.deps.config.storage.localDir, '.tmp');
    user = injectClient(t.app);
    await user.csrf();
    const registered = await user.post('/auth/register/', {
      email: 'goes-away@example.com',
      password: 'correct horse battery',
    });
    expect(registered.statusCode).toBe(201);
    const userId: string = registered.json().user.id;
    await creditsRepository.record(t.handle.db, {
      userId,
      tier: 'READER',
      amount: 1,
      reason: 'test',
      sourceId: 'test',
    });
  });
  afterAll(() => t?.close());

  const session = () => ({
    cookie: [...user.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': user.cookies.get('csrf_token') ?? '',
  });

  it('frees its file descriptor and deletes its temporary file at once', async () => {
    // The health probe of the test before may still be closing its own file on a busy machine.
    expect(await until(() => openFdsUnder(t.deps.config.storage.localDir) === 0)).toBe(true);
    const baseline = 0;
    for (let i = 0; i < 3; i++) {
      await abortMidFile(
        port,
        '/api/v1/books/',
        session(),
        { target_language: 'es' },
        () => temporaryFiles() > 0,
      );
    }
    expect(
      await until(() => temporaryFiles() === 0 && openFdsUnder(t.deps.config.storage.localDir) <= baseline),
    ).toBe(true);
    expect({
      temporaryFiles: temporaryFiles(),
      leakedFds: Math.max(0, openFdsUnder(t.deps.config.storage.localDir) - baseline),
    }).toEqual({
      temporaryFiles: 0,
      leakedFds: 0,
    });
    // Nothing else was kept for it either.
    expect(readdirSync(t.deps.config.storage.localDir).filter((name) => name !== '.tmp')).toEqual([]);
    expect((await user.get('/health')).statusCode).toBe(200);
  });

  it('does the same for a direct upload sent to the local store', async () => {
    const grant = await user.post('/upload/presigned-url/', {
      filename: 'book.txt',
      file_size: 4 * 1024 * 1024,
    });
    expect(grant.statusCode).toBe(200);
    const { upload_url: url, fields } = grant.json() as {
      upload_url: string;
      fields: Record<string, string>;
    };
    // The health probe of the test before may still be closing its own file on a busy machine.
    expect(await until(() => openFdsUnder(t.deps.config.storage.localDir) === 0)).toBe(true);
    const baseline = 0;
    await abortMidFile(port, new URL(url, 'http://x').pathname, {}, fields, () => temporaryFiles() > 0);
    expect(
      await until(() => temporaryFiles() === 0 && openFdsUnder(t.deps.config.storage.localDir) <= baseline),
    ).toBe(true);
  });
});
