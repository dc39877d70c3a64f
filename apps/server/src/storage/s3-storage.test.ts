import { describe, expect, it } from 'vitest';
import { startLocalS3 } from '../testing/local-s3';
import { S3Storage } from './s3-storage';
import { describeStorageConformance } from './storage-conformance';

// s3rver does not verify POST policy conditions: for S3 those limits are checked in the signed text below.
const settings = {
  bucket: 'books',
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
};

describe('S3 signed links carry their limits', () => {
  const storage = new S3Storage({ ...settings, endpoint: 'http://127.0.0.1:9' });

  it('download links expire and name the file', async () => {
    const url = new URL(
      await storage.signedDownloadUrl('dl/a.epub', { expiresIn: 300, filename: 'Кн.epub' }),
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toContain(
      "filename*=UTF-8''%D0%9A%D0%BD.epub",
    );
  });

  it('upload policies pin the key, the size range and an hour of validity', async () => {
    const before = Date.now();
    const grant = await storage.signedUpload('up/b.epub', { maxBytes: 104_857_600 });
    const policy = JSON.parse(Buffer.from(grant.fields.Policy as string, 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 104_857_600]);
    expect(policy.conditions).toContainEqual({ key: 'up/b.epub' });
    const expires = Date.parse(policy.expiration) - before;
    expect(expires).toBeGreaterThan(3590_000);
    expect(expires).toBeLessThanOrEqual(3601_000);
  });
});

describeStorageConformance('S3 (s3rver)', async () => {
  const s3 = await startLocalS3();
  const storage = new S3Storage({ ...settings, endpoint: s3.endpoint });
  return {
    storage,
    enforcesPolicies: false,
    async close() {
      storage.client.destroy();
      await s3.close();
    },
  };
});
