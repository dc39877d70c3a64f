import { randomBytes } from 'node:crypto';
import type { InjectClient } from './inject-client';

/** A multipart/form-data body as a browser sends it (fields, then the file unless `fileFirst`). */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; type?: string; field?: string },
  options: { fileFirst?: boolean } = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----bt${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
            `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(file.bytes),
        Buffer.from('\r\n'),
      ]
    : [];
  if (options.fileFirst) parts.push(...fileParts, ...fieldParts);
  else parts.push(...fieldParts, ...fileParts);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a book upload through the signed-in client (CSRF header included). */
export function uploadBook(
  client: InjectClient,
  file: { name: string; bytes: Uint8Array },
  fields: Record<string, string> = { target_language: 'es' },
  path = '/books/',
) {
  const body = multipartBody(fields, file);
  return client.request('POST', path, {
    payload: body.payload as never,
    headers: { 'content-type': body.contentType },
  });
}
