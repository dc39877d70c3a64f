import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../../plugins/contract-route';
import { defineModule } from '../../../plugins/define-module';
import { signedInUser } from '../../auth/session.plugin';
import { keepTranslationGlossary } from './keep-glossary-for-series';

/** A translation's glossary kept for its book's series. */
export const seriesGlossaryModule = defineModule('series-glossary', async (app, deps) => {
  app.route({
    ...contractRoute(routes.series.keepGlossaryForSeries),
    handler: async (request) =>
      keepTranslationGlossary(deps.db, signedInUser(request).userId, request.params.id),
  });
});
