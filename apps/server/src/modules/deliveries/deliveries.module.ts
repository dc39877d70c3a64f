import { mailerFor } from '../mail/mailer';
import { defineServerModule } from '../module';
import { deliveryJobDefinitions, deliveryJobHandlers, queueDeliveryJobs } from './deliveries.jobs';
import { deliveriesModule } from './deliveries.routes';
import { sendWhenFinished } from './send-when-finished';

/** Books sent to reading devices by e-mail (Send to Kindle). */
export const deliveriesServerModule = defineServerModule({
  name: 'deliveries',
  routes: [deliveriesModule],
  jobs: deliveryJobDefinitions,
  handlers: (deps) =>
    deliveryJobHandlers({
      db: deps.db,
      files: deps.storage,
      mailer: mailerFor(deps.config.mail),
      mail: deps.config.mail,
    }),
  onTranslationFinished: (deps) => async (translationId) => {
    await sendWhenFinished(
      {
        db: deps.db,
        files: deps.storage,
        jobs: queueDeliveryJobs(deps.queue),
        mail: deps.config.mail,
        now: () => deps.clock.now(),
      },
      translationId,
    );
  },
});
