import { describe, expect, it } from 'vitest';
import { redactSignedUrl } from './logger';

describe('redactSignedUrl', () => {
  it('hides our signature and the parts of an S3 presigned link that authorise it', () => {
    expect(redactSignedUrl('/api/v1/storage/download?key=covers%2Fa&exp=9&sig=abc-DEF_1')).toBe(
      '/api/v1/storage/download?key=covers%2Fa&exp=9&sig=[redacted]',
    );
    const s3 = redactSignedUrl(
      '/b/k?X-Amz-Algorithm=AWS4&X-Amz-Credential=AK%2F2026&X-Amz-Signature=f00d&X-Amz-Expires=60',
    );
    expect(s3).toBe(
      '/b/k?X-Amz-Algorithm=AWS4&X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=60',
    );
    expect(redactSignedUrl('/api/v1/books/?search=signature')).toBe('/api/v1/books/?search=signature');
  });
});
