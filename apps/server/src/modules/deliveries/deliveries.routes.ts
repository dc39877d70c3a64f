import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { queueDeliveryJobs } from './deliveries.jobs';
import type { DeliveriesDeps } from './deliveries-deps';
import { listDeliveries } from './list-deliveries';
import { sendTranslation } from './send-translation';

const r = routes.deliveries;

/** Send to Kindle: a completed translation's EPUB to a saved device address, and the sends' states. */
export const deliveriesModule = defineModule('deliveries', async (app, appDeps) => {
  const deps: DeliveriesDeps = {
    db: appDeps.db,
    files: appDeps.storage,
    jobs: queueDeliveryJobs(appDeps.queue),
    mail: appDeps.config.mail,
    now: () => appDeps.clock?.now() ?? new Date(),
  };
  app.route({
    ...contractRoute(r.sendTranslation),
    handler: async (request, reply) => {
      const delivery = await sendTranslation(
        deps,
        signedInUser(request).userId,
        request.params.id,
        request.body.address,
      );
      return reply.code(202).send(delivery);
    },
  });
  app.route({
    ...contractRoute(r.listDeliveries),
    handler: async (request) => ({
      deliveries: await listDeliveries(appDeps.db, signedInUser(request).userId, request.params.id),
    }),
  });
});
