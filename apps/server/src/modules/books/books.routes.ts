import { MAX_UPLOAD_BYTES, routes } from '@booktranslate/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { contractRoute } from '../../plugins/contract-route';
import { type ApiInstance, defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import * as books from './books.service';
import { booksDepsOf } from './books-deps';
import { presignUpload } from './presign-upload';
import { UPLOAD_LIMITS } from './receive-upload';

const r = routes.books;

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** 413 from the declared length alone, before one byte of the body is read. */
export async function rejectDeclaredOversize(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  }
}

/** Multipart parsing only where a book is uploaded, with the 100 MiB / one-file limits. */
export async function registerMultipart(app: ApiInstance): Promise<void> {
  // The storage routes may have registered the parser already; each request passes its own limits.
  if (app.hasRequestDecorator('isMultipart')) return;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: UPLOAD_LIMITS,
  });
}

export const booksModule = defineModule('books', async (app, appDeps) => {
  const deps = booksDepsOf(appDeps);
  await app.register(async (scope: ApiInstance) => {
    await registerMultipart(scope);
    scope.route({
      ...contractRoute(r.createBook),
      onRequest: rejectDeclaredOversize,
      handler: async (request, reply) => {
        const result = await books.uploadBook(deps, signedInUser(request).userId, request);
        return reply.code(201).send({ success: true as const, data: result });
      },
    });
  });
  app.route({
    ...contractRoute(r.listBooks),
    handler: (request) => books.listBooks(deps, signedInUser(request).userId, request.query),
  });
  app.route({
    ...contractRoute(r.getBook),
    handler: (request) => books.getBook(deps, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.deleteBook),
    handler: async (request) => {
      await books.deleteBook(deps, signedInUser(request).userId, request.params.id);
      return { success: true as const };
    },
  });
  app.route({
    ...contractRoute(r.addTranslation),
    handler: async (request, reply) => {
      const userId = signedInUser(request).userId;
      const translation = await books.addTranslation(
        deps,
        userId,
        request.params.id,
        request.body.target_language,
      );
      return reply.code(201).send(translation);
    },
  });
  app.route({
    ...contractRoute(r.listBookTranslations),
    handler: (request) => books.listBookTranslations(deps, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.downloadOriginal),
    handler: (request) => books.downloadOriginal(deps, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.presignUpload),
    handler: (request) =>
      presignUpload(deps, appDeps.config.storage.uploadGrants, signedInUser(request).userId, request.body),
  });
});
