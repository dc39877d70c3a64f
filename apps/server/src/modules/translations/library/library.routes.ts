import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../../plugins/contract-route';
import { type ApiInstance, defineModule } from '../../../plugins/define-module';
import { signedInUser } from '../../auth/session.plugin';
import { registerMultipart, rejectDeclaredOversize, uploadInput } from '../../books/upload-request';
import { addTranslation } from '../start/add-translation';
import { uploadBook } from '../start/upload-book';
import { translationsDepsOf } from '../translations-deps';
import * as library from './library.service';

const r = routes.books;

/** The book endpoints that start or show translations: uploading a book starts its first one. */
export const libraryModule = defineModule('library', async (app, appDeps) => {
  const deps = translationsDepsOf(appDeps);
  await app.register(async (scope: ApiInstance) => {
    await registerMultipart(scope);
    scope.route({
      ...contractRoute(r.createBook),
      onRequest: rejectDeclaredOversize,
      handler: async (request, reply) => {
        const result = await uploadBook(deps, signedInUser(request).userId, uploadInput(request));
        return reply.code(201).send({ success: true as const, data: result });
      },
    });
  });
  app.route({
    ...contractRoute(r.listBooks),
    handler: (request) => library.listBooks(deps, signedInUser(request).userId, request.query),
  });
  app.route({
    ...contractRoute(r.getBook),
    handler: (request) => library.getBook(deps, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.deleteBook),
    handler: async (request) => {
      await library.deleteBook(deps, signedInUser(request).userId, request.params.id);
      return { success: true as const };
    },
  });
  app.route({
    ...contractRoute(r.addTranslation),
    handler: async (request, reply) => {
      const userId = signedInUser(request).userId;
      const { target_language: target, lane } = request.body;
      const translation = await addTranslation(deps, userId, request.params.id, target, lane);
      return reply.code(201).send(translation);
    },
  });
  app.route({
    ...contractRoute(r.listBookTranslations),
    handler: (request) => library.listBookTranslations(deps, signedInUser(request).userId, request.params.id),
  });
});
