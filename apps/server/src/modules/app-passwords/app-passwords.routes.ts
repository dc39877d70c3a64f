import { routes } from '@booktranslate/contract';
import { defaultRateLimits } from '../../deps';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { createAppPassword } from './create-app-password';
import { listAppPasswords } from './list-app-passwords';
import { revokeAppPassword } from './revoke-app-password';

const r = routes.appPasswords;

/** The signed-in user's reading-app passwords; per-address budget of the sign-in endpoints. */
export const appPasswordsModule = defineModule('app-passwords', async (app, deps) => {
  const { db, config } = deps;
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const rateLimit = { max: limits.authPerIpPerMinute, timeWindow: '1 minute' };
  const noStore = { 'cache-control': 'no-store' };

  const list = contractRoute(r.listAppPasswords);
  app.route({
    ...list,
    config: { ...list.config, rateLimit },
    handler: async (request, reply) =>
      reply.headers(noStore).send(await listAppPasswords(db, signedInUser(request).userId)),
  });
  const create = contractRoute(r.createAppPassword);
  app.route({
    ...create,
    config: { ...create.config, rateLimit },
    handler: async (request, reply) => {
      const created = await createAppPassword(
        { db, publicUrl: config.publicUrl },
        signedInUser(request).userId,
        request.body,
      );
      // The password is in this body and nowhere else: no cache may keep it.
      return reply.code(201).headers(noStore).send(created);
    },
  });
  const revoke = contractRoute(r.revokeAppPassword);
  app.route({
    ...revoke,
    config: { ...revoke.config, rateLimit },
    handler: async (request) => {
      await revokeAppPassword(db, signedInUser(request).userId, request.params.id);
      return { success: true as const };
    },
  });
});
