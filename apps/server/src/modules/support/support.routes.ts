import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { mailerFor } from '../mail/mailer';
import { sendSupportMessage } from './support.service';

export const supportModule = defineModule('support', async (app, { db, config }) => {
  const def = contractRoute(routes.support.sendSupportMessage);
  const mailer = mailerFor(config.mail);
  app.route({
    ...def,
    // Per IP: the form is public, so this is what stops a script from flooding the support inbox.
    config: { ...def.config, rateLimit: { max: config.mail.supportPerIpPerHour, timeWindow: '1 hour' } },
    // Visitors may write too; a signed-in sender's message is tied to the account (and erased with it).
    preHandler: async function optionalUser(request, reply) {
      if (!request.headers.cookie && !request.headers.authorization) return;
      await app.requireUser.call(app as never, request, reply).catch(() => {});
    },
    handler: async (request, reply) => {
      const result = await sendSupportMessage({ db, config, mailer, log: request.log }, request.body, {
        ip: request.ip,
        userId: request.session?.userId ?? null,
      });
      return reply.code(201).send(result);
    },
  });
});
