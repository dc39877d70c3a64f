import { type RouteDef, routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { booksDepsOf } from '../books/books-deps';
import { createEngineSelector } from '../translations';
import { editPassage, listPassages, revertPassage } from './passages.service';
import type { PassagesDeps } from './passages-deps';
import { ReaderBookCache } from './reader-book-cache';
import { retranslatePassage } from './retranslate-passage';

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
  // Each change may cost a rewrite of the four files at the next download, and a re-translation a
  // provider request: bounded per client address, like the other costly routes (decision 200).
  const limited = <const R extends RouteDef>(route: R) => {
    const contract = contractRoute(route);
    const rateLimit = { max: config.translation.passageChangesPerMinute, timeWindow: '1 minute' };
    return { ...contract, config: { ...contract.config, rateLimit } };
  };
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
