import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import * as books from './books.service';
import { booksDepsOf } from './books-deps';
import { presignUpload } from './presign-upload';

const r = routes.books;

/**
 * The book's own files: direct-upload grants and the original's download. The book endpoints that
 * start or show translations (upload, list, get, delete, add a language) are the translations
 * module's (library.routes.ts): books never import translations.
 */
export const booksModule = defineModule('books', async (app, appDeps) => {
  const deps = booksDepsOf(appDeps);
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
