import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { attachmentDisposition } from './content-disposition';
import { contentTypeForKey } from './content-type';
import { cacheControlFor } from './link-caching';
import { LocalStorage } from './local-storage';
import { SignatureError, type VerifiedUpload } from './local-url-signer';
import type { Storage } from './storage';
import { isStorageError } from './storage-error';

/** Hard ceiling for the multipart parser; the signed policy's maxBytes is the real limit. */
const PARSER_FILE_LIMIT = 2 * 1024 ** 3;

/**
 * The local driver's stand-ins for S3's presigned GET and POST, mounted under /api/v1:
 * GET /storage/download?key&exp&fn&ct&sig streams a file; POST /storage/upload takes a multipart
 * form (key, policy, signature fields, then `file`) like an S3 POST policy upload.
 * Registers nothing for other drivers, whose links point at the store itself.
 * @example await api.register(storageRoutes, { storage });
 */
export async function storageRoutes(app: FastifyInstance, opts: { storage: Storage }): Promise<void> {
  const { storage } = opts;
  if (!(storage instanceof LocalStorage)) return;
  const signer = storage.signer;
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart);

  app.get('/storage/download', async (request, reply) => {
    const link = verified(() => signer.verifyDownload(request.query as Record<string, unknown>));
    let body: Readable;
    try {
      body = await storage.get(link.key);
    } catch (error) {
      if (isStorageError(error, 'NOT_FOUND')) throw new AppError('NOT_FOUND', 'File not found');
      throw error;
    }
    const size = (await storage.stat(link.key))?.size ?? null;
    const type = link.contentType ?? contentTypeForKey(link.key);
    reply
      .type(type)
      .header('cache-control', link.cacheWindow ? cacheControlFor(link.cacheWindow) : 'private, no-store')
      // A stored file is never rendered as a page of this origin; an SVG cover may draw with its own
      // inline styles, but runs no script and loads nothing.
      .header(
        'content-security-policy',
        type === 'image/svg+xml'
          ? "default-src 'none'; style-src 'unsafe-inline'; sandbox"
          : "default-src 'none'; sandbox",
      )
      .header('x-content-type-options', 'nosniff');
    if (size !== null) reply.header('content-length', size);
    if (link.filename) reply.header('content-disposition', attachmentDisposition(link.filename));
    return reply.send(body);
  });

  // Authorised by the signed policy, not by a session, so the CSRF check does not apply.
  app.post('/storage/upload', { config: { csrf: false } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
    const fields: Record<string, string> = {};
    let grant: VerifiedUpload | undefined;
    for await (const part of request.parts({
      limits: { files: 1, fields: 20, fileSize: PARSER_FILE_LIMIT },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // As with S3, the policy fields come before the file.
      grant = verified(() => signer.verifyUpload(fields));
      try {
        const { size } = await storage.put(grant.key, part.file, { maxBytes: grant.maxBytes });
        if (size === 0) {
          await storage.delete(grant.key);
          throw new AppError('VALIDATION_ERROR', 'The file is empty');
        }
      } catch (error) {
        if (isStorageError(error, 'TOO_LARGE')) {
          throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${grant.maxBytes} bytes`);
        }
        throw error;
      }
    }
    if (!grant) throw new AppError('VALIDATION_ERROR', 'No file in the upload');
    return reply.code(204).send();
  });
}

function verified<T>(verify: () => T): T {
  try {
    return verify();
  } catch (error) {
    if (error instanceof SignatureError || isStorageError(error, 'INVALID_KEY')) {
      throw new AppError('FORBIDDEN', error.message);
    }
    throw error;
  }
}
