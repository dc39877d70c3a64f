import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { clearSessionCookies } from '../auth/session-cookies';
import { billingClients, billingDeps } from '../billing/billing-deps';
import { deleteAccountFiles } from './account-files';
import { deleteAccount } from './delete-account';
import { getProfile } from './profile.service';
import { getSettings, updateProfile, updateProfileSettings, updateSettings } from './settings.service';

const r = routes.users;

export const accountsModule = defineModule('accounts', async (app, { db, config, clock: given, storage }) => {
  const clock = given ?? { now: () => new Date() };
  const clients = billingClients(config);
  app.route({
    ...contractRoute(r.getProfile),
    handler: (request) => getProfile(db, signedInUser(request).userId),
  });
  app.route({
    ...contractRoute(r.updateProfile),
    handler: (request) => updateProfile(db, signedInUser(request).userId, request.body),
  });
  app.route({
    ...contractRoute(r.putProfile),
    handler: (request) => updateProfileSettings(db, signedInUser(request).userId, request.body),
  });
  app.route({
    ...contractRoute(r.getSettings),
    handler: (request) => getSettings(db, signedInUser(request).userId, config.mail.from),
  });
  app.route({
    ...contractRoute(r.putSettings),
    handler: (request) => updateSettings(db, signedInUser(request).userId, request.body, config.mail.from),
  });
  app.route({
    ...contractRoute(r.deleteProfile),
    handler: async (request, reply) => {
      const userId = signedInUser(request).userId;
      const purgeAfter = await deleteAccount(
        billingDeps({ db, config, clock, ...clients }, request.log),
        userId,
      );
      // The files go now, so links signed before the deletion stop working; the purge repeats this.
      await deleteAccountFiles(db, storage, userId).catch((error: unknown) =>
        request.log.error({ err: error, userId }, 'account files not deleted; the purge retries'),
      );
      clearSessionCookies(request, reply, config.publicUrl, config.sessionSecret);
      return {
        success: true as const,
        message: 'Your account was deleted. Your data will be erased within 30 days.',
        purge_after: purgeAfter.toISOString(),
      };
    },
  });
});
