import { type RouteDef, routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { booksDepsOf } from '../books/books-deps';
import { createEngineSelector } from '../translations';
import { editPassage, listPassages, passageImage, revertPassage } from './passages.service';
import type { PassagesDeps } from './passages-deps';
import { ReaderBookCache } from './reader-book-cache';
import { retranslatePassage } from './retranslate-passage';
import { searchPassages } from './search-passages';

const r = routes.passages;

/** The reader and editor of a completed translation (issue 13, decision 200). */
export const passagesModule = defineModule('passages', async (app, appDeps) => {
  const { config } = appDeps;
  const deps: PassagesDeps = {
    db: appDeps.db,
    files: booksDepsOf(appDeps).storage,
    books: new ReaderBookCache(),
    engineFor: createEngineSelector(config.translation),
    spendCeiling: config.translation.spendCeiling,
    concurrency: config.translation.concurrency,
    retranslationLimit: config.translation.passageRetranslations,
  };
  app.route({
    ...contractRoute(r.listPassages),
    handler: (request) => listPassages(deps, signedInUser(request).userId, request.params.id, request.query),
  });
  app.route({
    ...contractRoute(r.passageImage),
    handler: async (request, reply) => {
      const image = await passageImage(
        deps,
        signedInUser(request).userId,
        request.params.id,
        request.params.imageId,
      );
      // The type is read from the bytes (raster only); never sniffed again, never a document.
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, max-age=86400')
        .send(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
    },
  });
  // Each change may cost a rewrite of the four files at the next download, and a re-translation a
  // provider request: bounded per client address, like the other costly routes (decision 200).
  const limited = <const R extends RouteDef>(route: R) => {
    const contract = contractRoute(route);
    const rateLimit = { max: config.translation.passageChangesPerMinute, timeWindow: '1 minute' };
    return { ...contract, config: { ...contract.config, rateLimit } };
  };
  // Reads every passage of the book: bounded per client address like the changes.
  app.route({
    ...limited(r.searchPassages),
    handler: (request) =>
      searchPassages(deps, signedInUser(request).userId, request.params.id, request.query),
  });
  app.route({
    ...limited(r.editPassage),
    handler: (request) =>
      editPassage(
        deps,
        signedInUser(request).userId,
        request.params.id,
        request.params.blockId,
        request.body.target,
      ),
  });
  app.route({
    ...limited(r.revertPassage),
    handler: (request) =>
      revertPassage(deps, signedInUser(request).userId, request.params.id, request.params.blockId),
  });
  app.route({
    ...limited(r.retranslatePassage),
    handler: (request) =>
      retranslatePassage(
        deps,
        signedInUser(request).userId,
        request.params.id,
        request.params.blockId,
        request.body?.instruction,
      ),
  });
});
