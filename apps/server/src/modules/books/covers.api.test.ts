import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { makeTinyEpub } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Storage } from '../../storage/s3-storage';
import { type LocalS3, startLocalS3 } from '../../testing/local-s3';
import { type PipelineHarness, startPipelineHarness } from '../../testing/pipeline-test-kit';

const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const SVG = new TextEncoder().encode(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="2" height="3"><rect style="fill:red" width="2" height="3"/></svg>',
);
const HTML = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe('covers on S3: sniffed image types, stable links', () => {
  let h: PipelineHarness;
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
    h = await startPipelineHarness({ llm: { latencyMs: 0 }, env: s3.env });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  async function uploadWithCover(bytes: Uint8Array, mediaType: string) {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const response = await user.upload('tiny.epub', makeTinyEpub({}, { bytes, mediaType }));
    expect(response.statusCode).toBe(201);
    return { user, book: response.json().data.book as { id: string; cover_url: string | null } };
  }
  const storedType = async (key: string) => {
    const s3 = h.storage as S3Storage;
    return (await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentType;
  };

  it('stores a cover with the type of its bytes, not the one the book declares', async () => {
    const { book } = await uploadWithCover(PNG, 'text/html');
    expect(await storedType(`covers/${book.id}.png`)).toBe('image/png');
    const response = await fetch(book.cover_url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('keeps no cover whose bytes are not an image', async () => {
    const { book } = await uploadWithCover(HTML, 'image/png');
    expect(book.cover_url).toBeNull();
    expect(await h.storage.list('covers/')).not.toContainEqual(
      expect.objectContaining({ key: expect.stringContaining(book.id) }),
    );
  });

  it('serves an SVG cover as image/svg+xml that never opens as a document', async () => {
    const { book } = await uploadWithCover(SVG, 'image/png');
    expect(await storedType(`covers/${book.id}.svg`)).toBe('image/svg+xml');
    const response = await fetch(book.cover_url!);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('returns the same cover link on every poll, cacheable for the window', async () => {
    const { user, book } = await uploadWithCover(PNG, 'image/png');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const listed = (await user.client.get('/books/')).json().items[0];
    expect(listed.cover_url).toBe(book.cover_url);
    expect((await user.client.get(`/books/${book.id}/`)).json().cover_url).toBe(book.cover_url);
    const response = await fetch(book.cover_url!);
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600, immutable');
  });

  it('stops a presigned cover link when its account is deleted', async () => {
    const { user, book } = await uploadWithCover(PNG, 'image/png');
    expect((await fetch(book.cover_url!)).status).toBe(200);
    expect((await user.client.request('DELETE', '/users/profile/')).statusCode).toBe(200);
    expect((await fetch(book.cover_url!)).status).toBe(404);
  });
});
