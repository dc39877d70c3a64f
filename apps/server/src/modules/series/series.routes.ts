import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { getSeries, listSeries, putSeriesGlossary, setBookSeries } from './series.service';

const r = routes.series;

/** The user's series: listed, a book put in one (or out), and a series' glossary edited. */
export const seriesModule = defineModule('series', async (app, deps) => {
  app.route({
    ...contractRoute(r.listSeries),
    handler: async (request) => ({ items: await listSeries(deps.db, signedInUser(request).userId) }),
  });
  app.route({
    ...contractRoute(r.getSeries),
    handler: async (request) => getSeries(deps.db, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.setBookSeries),
    handler: async (request) => ({
      series: await setBookSeries(deps.db, signedInUser(request).userId, request.params.id, request.body),
    }),
  });
  app.route({
    ...contractRoute(r.putSeriesGlossary),
    handler: async (request) =>
      putSeriesGlossary(
        deps.db,
        signedInUser(request).userId,
        request.params.id,
        request.body.target_language,
        request.body.entries,
      ),
  });
});
