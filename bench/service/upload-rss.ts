import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiSession, json } from './api-session';
import { grantCredits } from './bench-database';
import { rssOf, startServer } from './server-process';

/**
 * Uploads a file of `bytes` (plain text, written to disk first so the bench itself never holds it)
 * to an `api` process as a streamed multipart body, sampling the server's RSS every 10 ms.
 */
export async function measureUploadRss(databaseUrl: string, bytes: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bt-rss-'));
  const file = path.join(dir, 'big-book.txt');
  await writeBigText(file, bytes);
  const server = await startServer({ DATABASE_URL: databaseUrl }, 'api');
  try {
    const session = await ApiSession.register(server.url, `rss-${Date.now()}@example.com`);
    const profile = await json(await session.request('GET', '/users/profile/'));
    await grantCredits(databaseUrl, profile.id, 'READER', 1);
    await new Promise((r) => setTimeout(r, 500));
    const baseline = await rssOf(server.pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      rssOf(server.pid).then(
        (rss) => {
          peak = Math.max(peak, rss);
        },
        () => {},
      );
    }, 10);
    const started = performance.now();
    const status = await streamUpload(server.url, session, file, bytes);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, await rssOf(server.pid));
    return {
      upload_bytes: bytes,
      status,
      seconds: Math.round(seconds * 100) / 100,
      rss_baseline_mb: mb(baseline),
      rss_peak_mb: mb(peak),
      rss_growth_mb: mb(peak - baseline),
      goal: 'rss_growth_mb < 64',
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function writeBigText(file: string, bytes: number): Promise<void> {
  const paragraph =
    'It was a dark and stormy night; the rain fell in torrents, except at occasional intervals.\n\n';
  const block = paragraph.repeat(Math.ceil((1 << 20) / paragraph.length)).slice(0, 1 << 20);
  const chunks = Math.floor(bytes / block.length);
  const rest = bytes - chunks * block.length;
  async function* generate() {
    for (let i = 0; i < chunks; i++) yield block;
    yield block.slice(0, rest);
  }
  await writeFile(file, Readable.from(generate()));
}

function streamUpload(url: string, session: ApiSession, file: string, size: number): Promise<number> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="target_language"\r\n\r\nes\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big-book.txt"\r\n` +
      'content-type: text/plain\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/v1/books/`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
        cookie: session.cookieHeader,
        'x-csrf-token': session.csrfToken,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.write(head);
    pipeline(createReadStream(file), req, { end: false })
      .then(() => req.end(tail))
      .catch(reject);
  });
}

function mb(n: number): number {
  return Math.round((n / 1024 / 1024) * 10) / 10;
}
