import { routes } from '@booktranslate/contract';
import { systemClock } from '../../deps';
import { contractRoute } from '../../plugins/contract-route';
import { type ApiInstance, defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import {
  multipartUpload,
  registerMultipart,
  rejectDeclaredOversize,
  uploadInput,
} from '../books/upload-request';
import { getBrief, updateBrief } from './brief/brief.service';
import { continueTranslation } from './brief/continue-translation';
import { cancelTranslation } from './cancel-translation';
import { completePreview } from './complete-preview';
import { deleteTranslation } from './delete-translation';
import { createEngineSelector } from './engines/engine-selection';
import { getTranslation } from './get-translation';
import { listTranslations } from './list-translations';
import { downloadTranslation } from './outputs/download-translation';
import { ownTranslation } from './own-translation';
import { createProgressHub } from './pipeline/progress-streams';
import { streamTranslationEvents } from './pipeline/translation-events';
import { getReport } from './quality/get-report';
import { rateTranslation } from './rate-translation';
import { retryTranslation } from './retry-translation';
import { QuoteCache } from './start/quote-cache';
import { quotesPerUser } from './start/quote-rate-limit';
import { quoteTranslation } from './start/quote-translation';
import { uploadBook } from './start/upload-book';
import { translationsDepsOf } from './translations-deps';

const r = routes.translations;

export const translationsModule = defineModule('translations', async (app, appDeps) => {
  const deps = translationsDepsOf(appDeps);
  const quoteDeps = {
    db: deps.db,
    quotes: new QuoteCache(),
    engineFor: createEngineSelector(appDeps.config.translation),
    economyLane: deps.economyLane,
  };
  const progress = createProgressHub({
    db: deps.db,
    clock: appDeps.clock ?? systemClock,
    config: appDeps.config,
    intervalMs: deps.eventIntervalMs,
    log: app.log,
  });
  // Before the server waits for open connections: the streams end, so closing does not hang.
  app.addHook('preClose', async () => progress.close());
  await app.register(async (scope: ApiInstance) => {
    await registerMultipart(scope);
    scope.route({
      ...contractRoute(r.createTranslation),
      onRequest: rejectDeclaredOversize,
      handler: async (request, reply) => {
        const result = await uploadBook(deps, signedInUser(request).userId, uploadInput(request));
        return reply.code(201).send(result.translation);
      },
    });
    // Each quote reads a book: limited per client address (rateLimit) and per user (preHandler).
    const quote = contractRoute(r.quoteTranslation);
    const rateLimit = { max: appDeps.config.quotesPerMinute, timeWindow: '1 minute' };
    scope.route({
      ...quote,
      config: { ...quote.config, rateLimit },
      onRequest: rejectDeclaredOversize,
      preHandler: quotesPerUser(deps.db, appDeps.config.quotesPerMinute),
      handler: (request) =>
        quoteTranslation(quoteDeps, signedInUser(request).userId, multipartUpload(request)),
    });
  });
  app.route({
    ...contractRoute(r.listTranslations),
    handler: (request) => listTranslations(deps, signedInUser(request).userId, request.query),
  });
  app.route({
    ...contractRoute(r.getTranslation),
    handler: (request) => getTranslation(deps, signedInUser(request).userId, request.params.id),
  });
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      ...contractRoute(r.cancelTranslation),
      method,
      handler: (request) => cancelTranslation(deps, signedInUser(request).userId, request.params.id),
    });
  }
  app.route({
    ...contractRoute(r.retryTranslation),
    handler: (request) => retryTranslation(deps, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.continueTranslation),
    handler: (request) => continueTranslation(deps, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.completeTranslation),
    handler: (request) => completePreview(deps, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.deleteTranslation),
    handler: async (request) => {
      await deleteTranslation(deps, signedInUser(request).userId, request.params.id);
      return { success: true as const };
    },
  });
  // A download after edits rewrites the four files (a core for a second or two on a long book): a
  // budget per signed-in user, counted after the session is known (decision 216).
  const download = contractRoute(r.downloadTranslation);
  app.route({
    ...download,
    config: {
      ...download.config,
      rateLimit: {
        max: appDeps.config.translation.downloadsPerMinute,
        timeWindow: '1 minute',
        hook: 'preHandler',
        keyGenerator: (request) => `user:${request.session?.userId ?? request.ip}`,
      },
    },
    handler: async (request, reply) => {
      const file = await downloadTranslation(
        deps,
        signedInUser(request).userId,
        request.params.id,
        request.query,
      );
      // Books may carry scripts: always a download, never rendered by the browser (ASVS 3.2.1).
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(file.stream);
    },
  });
  app.route({
    ...contractRoute(r.rateTranslation),
    handler: (request) =>
      rateTranslation(deps, signedInUser(request).userId, request.params.id, request.body),
  });
  app.route({
    ...contractRoute(r.getTranslationReport),
    handler: (request) => getReport(deps.db, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.getBrief),
    handler: (request) => getBrief(deps, signedInUser(request).userId, request.params.id),
  });
  app.route({
    ...contractRoute(r.updateBrief),
    handler: (request) => updateBrief(deps, signedInUser(request).userId, request.params.id, request.body),
  });
  app.route({
    ...contractRoute(r.translationEvents),
    handler: async (request, reply) => {
      const session = signedInUser(request);
      progress.assertRoom(session.userId);
      const t = await ownTranslation(deps.db, session.userId, request.params.id);
      streamTranslationEvents(progress, reply, t, session);
    },
  });
});
