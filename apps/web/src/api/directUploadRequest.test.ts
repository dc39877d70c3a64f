import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../test/apiServer';
import { uploadBook } from './books';
import { resetDirectUploads, uploadFileType } from './directUpload';
import { wireBook, wireConfig, wireTranslation } from './mock/wire';

describe('the upload request of a direct upload', () => {
  it('maps the extension to the spec file types: txt, pdf, doc, docx, epub, anything else txt', () => {
    expect(uploadFileType('Emma.EPUB')).toBe('epub');
    expect(uploadFileType('notes.docx')).toBe('docx');
    expect(uploadFileType('old.doc')).toBe('doc');
    expect(uploadFileType('scan.pdf')).toBe('pdf');
    expect(uploadFileType('tale.txt')).toBe('txt');
    expect(uploadFileType('tale.fb2')).toBe('txt');
    expect(uploadFileType('archive.tar.gz')).toBe('txt');
    expect(uploadFileType('README')).toBe('txt');
    expect(uploadFileType('.epub')).toBe('txt');
  });

  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  let bucket: Server | undefined;
  afterEach(async () => {
    await api?.close();
    await new Promise<void>((r) => (bucket ? bucket.close(() => r()) : r()));
    resetDirectUploads();
  });

  it('asks S3 for a grant with the mapped type and text/plain when the browser knows none', async () => {
    bucket = createServer((req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => bucket?.listen(0, '127.0.0.1', r));
    const bucketUrl = `http://127.0.0.1:${(bucket.address() as AddressInfo).port}/`;
    const asked: unknown[] = [];
    api = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => ({ json: wireConfig({ direct_uploads: true }) }),
      'POST /upload/presigned-url/': (_req, body) => {
        asked.push(JSON.parse(body));
        return {
          json: {
            upload_url: bucketUrl,
            fields: { key: 'uploads/u1/abc', 'X-Amz-Signature': 'deadbeef' },
            upload_key: 'uploads/u1/abc',
            expires_in: 3600,
          },
        };
      },
      'POST /books/': () => ({
        status: 201,
        json: { success: true, data: { book: wireBook({ title: 'Tale' }), translation: wireTranslation() } },
      }),
    });
    await uploadBook(new File(['<FictionBook/>'], 'tale.fb2'), 'fr', () => {});
    expect(asked).toEqual([
      {
        operation: 'upload',
        filename: 'tale.fb2',
        file_size: 14,
        file_type: 'txt',
        content_type: 'text/plain',
        expires_in: 3600,
      },
    ]);
  });
});
