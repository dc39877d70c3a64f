import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// s3rver (npm, unmaintained since 2021 but speaks the S3 REST protocol) runs in-process. It keeps no
// checksums, hence the SDK's WHEN_REQUIRED checksum settings in S3Storage. It does not verify v4
// signatures or POST policy conditions, so for S3 those limits are checked in the signed text.
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (
  options: Record<string, unknown>,
) => {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
};

export interface LocalS3 {
  /** http://127.0.0.1:<port>, with one bucket: `books`. */
  endpoint: string;
  /** The settings that point the app's storage at it (STORAGE=s3, bucket, endpoint, keys, path style). */
  env: Record<string, string>;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

/** An S3 server on a free port of 127.0.0.1, keeping its bucket `books` in a new temporary folder. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'bt-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'books' }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      STORAGE: 's3',
      S3_BUCKET: 'books',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
