import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../test/apiServer';
import { uploadBook } from './books';
import { resetDirectUploads } from './directUpload';
import { wireBook, wireConfig, wireTranslation } from './mock/wire';

/** A stand-in for an S3 bucket's POST endpoint on its own origin: records each form it receives. */
async function startFakeBucket(status = 204) {
  const forms: string[] = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      forms.push(body);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, forms, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const publicConfig = (directUploads: boolean) => ({
  json: wireConfig({ demo_engine: true, direct_uploads: directUploads }),
});

const bookAnswer = {
  success: true,
  data: { book: wireBook({ title: 'Emma' }), translation: wireTranslation() },
};
const s3Fields = {
  key: 'uploads/u1/abc',
  Policy: 'eyJleHBpcmF0aW9uIjoi',
  'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
  'X-Amz-Credential': 'AKIA/20261123/eu-west-1/s3/aws4_request',
  'X-Amz-Date': '20261123T190000Z',
  'X-Amz-Signature': 'deadbeef',
};

describe('uploads', () => {
  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  let bucket: Awaited<ReturnType<typeof startFakeBucket>> | undefined;
  afterEach(async () => {
    await api?.close();
    await bucket?.close();
    resetDirectUploads();
  });

  it('with S3 storage posts the file straight to the bucket, then creates the book by its key', async () => {
    bucket = await startFakeBucket();
    const bucketUrl = bucket.url;
    let created: unknown;
    api = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => publicConfig(true),
      'POST /upload/presigned-url/': () => ({
        json: { upload_url: bucketUrl, fields: s3Fields, upload_key: 'uploads/u1/abc', expires_in: 3600 },
      }),
      'POST /books/': (req, body) => {
        created = { type: req.headers['content-type'], body: JSON.parse(body) };
        return { status: 201, json: bookAnswer };
      },
    });
    const progress: number[] = [];
    const file = new File(['Chapter 1. It was a dark night.'], 'emma.txt', { type: 'text/plain' });
    const book = await uploadBook(file, 'fr', (p) => progress.push(p));
    expect(book.title).toBe('Emma');
    expect(bucket.forms).toHaveLength(1);
    const form = bucket.forms[0] ?? '';
    for (const [name, value] of Object.entries(s3Fields))
      expect(form).toContain(`name="${name}"\r\n\r\n${value}`);
    // S3 reads the fields before the file: the file part comes last.
    expect(form.indexOf('name="file"')).toBeGreaterThan(form.indexOf('name="X-Amz-Signature"'));
    expect(form).toContain('It was a dark night.');
    expect(created).toEqual({
      type: 'application/json',
      body: { upload_key: 'uploads/u1/abc', filename: 'emma.txt', target_language: 'fr' },
    });
  });

  it('with local storage keeps the multipart POST /books/ and never asks for a grant', async () => {
    bucket = await startFakeBucket();
    const types: string[] = [];
    api = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => publicConfig(false),
      'POST /upload/presigned-url/': () => ({
        json: {
          upload_url: 'http://127.0.0.1:1/api/v1/storage/upload',
          fields: { key: 'uploads/u1/abc', policy: 'p', signature: 's' },
          upload_key: 'uploads/u1/abc',
          expires_in: 3600,
        },
      }),
      'POST /books/': (req) => {
        types.push(String(req.headers['content-type']).split(';')[0] ?? '');
        return { status: 201, json: bookAnswer };
      },
    });
    const file = new File(['Once upon a time.'], 'tale.txt', { type: 'text/plain' });
    await uploadBook(file, 'de', () => {});
    await uploadBook(file, 'es', () => {});
    expect(types).toEqual(['multipart/form-data', 'multipart/form-data']);
    // An unclaimed grant would count against the user's cap until it expires.
    expect(api.count('POST /upload/presigned-url/')).toBe(0);
    expect(api.count('GET /config/public')).toBe(1);
    expect(bucket.forms).toHaveLength(0);
  });

  it("says 'Upload failed with status 403' when the bucket refuses the form", async () => {
    bucket = await startFakeBucket(403);
    const bucketUrl = bucket.url;
    api = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => publicConfig(true),
      'POST /upload/presigned-url/': () => ({
        json: { upload_url: bucketUrl, fields: s3Fields, upload_key: 'uploads/u1/abc', expires_in: 3600 },
      }),
    });
    const file = new File(['x'], 'x.txt', { type: 'text/plain' });
    await expect(uploadBook(file, 'fr', () => {})).rejects.toMatchObject({
      code: 403,
      message: 'Upload failed with status 403',
    });
    expect(api.count('POST /books/')).toBe(0);
  });
});
