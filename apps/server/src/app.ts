import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '@booktranslate/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppDeps, systemClock } from './deps';
import { metricsPlugin } from './metrics/metrics.plugin';
import { serverModules } from './modules';
import { sessionPlugin } from './modules/auth/session.plugin';
import { sessionBinding } from './modules/auth/session-binding';
import { PRODUCT_NAME } from './modules/public-config/public-config.routes';
import { csrfPlugin } from './plugins/csrf';
import type { ApiInstance, AppModule } from './plugins/define-module';
import { errorHandlerPlugin } from './plugins/error-handler';
import { createLogger } from './plugins/logger';
import { genRequestId } from './plugins/request-id';
import { requestLogPlugin } from './plugins/request-log';
import { securityPlugin } from './plugins/security';
import { swaggerPlugin } from './plugins/swagger';
import { webStaticPlugin } from './plugins/web-static';
import { storageModule } from './storage/storage.module';
import { APP_VERSION } from './version';

/**
 * Every module's routes, mounted under /api/v1 in the order of modules/index.ts, then the local
 * storage's signed links. A module declares its routes in its `<name>.module.ts`.
 */
const routeModules: AppModule[] = [...serverModules.flatMap((module) => module.routes), storageModule];

// 30 s without a byte ends a connection (spec: 30 s request time-out). A whole request may take
// longer to arrive, so a 100 MB upload on a slow line still gets through (decision 062).
const IDLE_TIMEOUT_MS = 30_000;
const WHOLE_REQUEST_TIMEOUT_MS = 15 * 60_000;
const JSON_BODY_LIMIT = 1024 * 1024;
export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The whole HTTP app without listen(): API under /api/v1, OpenAPI at /api/docs, the web app at /.
 * Tests call `app.inject()` on it; main.ts listens.
 * @example const app = await buildApp({ config, db, queue, storage }); await app.listen({ port: 3000 });
 */
export async function buildApp(deps: AppDeps, opts: { webRoot?: string } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    loggerInstance: (deps.logger ?? createLogger(config.logLevel)) as FastifyBaseLogger,
    genReqId: genRequestId,
    bodyLimit: JSON_BODY_LIMIT,
    connectionTimeout: IDLE_TIMEOUT_MS,
    requestTimeout: WHOLE_REQUEST_TIMEOUT_MS,
    // X-Forwarded-For/-Proto count only when they come from a proxy listed in TRUST_PROXY (none by
    // default), so a client cannot pick its own address for the rate limits (decision 122).
    trustProxy: config.security.trustProxy.length > 0 ? [...config.security.trustProxy] : false,
    routerOptions: { ignoreDuplicateSlashes: true },
    // requestLogPlugin writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and multipart where a module adds it): a cross-site form cannot send text/plain JSON.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(requestLogPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { db: deps.db });
  await app.register(metricsPlugin, { token: config.metrics.token, db: deps.db, queue: deps.queue });
  await app.register(swaggerPlugin, { productName: PRODUCT_NAME, version: APP_VERSION });
  await app.register(
    async (api) => {
      await api.register(csrfPlugin, {
        secret: config.sessionSecret,
        publicUrl: config.publicUrl,
        sessionOf: sessionBinding({
          db: deps.db,
          sessionSecret: config.sessionSecret,
          publicUrl: config.publicUrl,
        }),
      });
      await api.register(sessionPlugin, {
        db: deps.db,
        clock,
        sessionSecret: config.sessionSecret,
        publicUrl: config.publicUrl,
      });
      for (const module of routeModules)
        await module.register(api as unknown as ApiInstance, { ...deps, clock });
    },
    { prefix: API_PREFIX },
  );
  // Outside /api/v1: neither the session cookie nor the CSRF token means anything here.
  for (const module of serverModules.flatMap((m) => m.rootRoutes))
    await app.register(async (root) => module.register(root as unknown as ApiInstance, { ...deps, clock }));
  await app.register(webStaticPlugin, { root: opts.webRoot ?? webDistDir });
  return app;
}
