import { CSRF_COOKIE, routes } from '@booktranslate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaultRateLimits } from '../../deps';
import { isAppError } from '../../errors';
import { contractRoute } from '../../plugins/contract-route';
import { readCookie } from '../../plugins/cookie-policy';
import { issueCsrfToken, isValidCsrfToken } from '../../plugins/csrf-token';
import { defineModule } from '../../plugins/define-module';
import { accessKey } from './access-token';
import { createAuthService } from './auth.service';
import { createGoogleVerifier } from './google-verifier';
import type { IssuedSession } from './issue-session';
import { createLoginLimiter } from './login-limiter';
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  REFRESH_COOKIE,
  setCsrfCookie,
  setSessionCookies,
} from './session-cookies';

export const authModule = defineModule('auth', async (app, deps) => {
  const { config } = deps;
  const clock = deps.clock ?? { now: () => new Date() };
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const auth = createAuthService({
    db: deps.db,
    clock,
    accessKey: accessKey(config.sessionSecret),
    verifyGoogle: createGoogleVerifier(config.google),
  });
  const publicUrl = config.publicUrl;
  const perIp = { rateLimit: { max: limits.authPerIpPerMinute, timeWindow: '1 minute' } };
  const loginLimiter = createLoginLimiter(app, limits.loginPerAccountPer15Min);

  const signIn = (request: FastifyRequest, reply: FastifyReply, session: IssuedSession, status = 200) => {
    setSessionCookies(request, reply, publicUrl, session);
    // The body carries tokens: no cache anywhere may keep it.
    reply.header('cache-control', 'no-store');
    return reply.code(status).send(session.body);
  };

  app.route({
    ...contractRoute(routes.auth.csrf),
    handler: async (request, reply) => {
      // Keep a valid existing token so several open tabs do not invalidate each other's header.
      const current = readCookie(request, CSRF_COOKIE, publicUrl);
      const token = isValidCsrfToken(config.sessionSecret, current)
        ? current
        : issueCsrfToken(config.sessionSecret);
      setCsrfCookie(request, reply, publicUrl, token);
      reply.header('cache-control', 'no-store');
      return { csrf_token: token };
    },
  });

  app.route({
    ...contractRoute(routes.auth.register),
    config: { ...contractRoute(routes.auth.register).config, ...perIp },
    handler: async (request, reply) => signIn(request, reply, await auth.register(request.body), 201),
  });

  app.route({
    ...contractRoute(routes.auth.login),
    config: { ...contractRoute(routes.auth.login).config, ...perIp },
    preHandler: loginLimiter.guard,
    handler: async (request, reply) => {
      try {
        return signIn(request, reply, await auth.login(request.body));
      } catch (error) {
        if (isAppError(error) && error.code === 'INVALID_CREDENTIALS')
          await loginLimiter.recordFailure(request);
        throw error;
      }
    },
  });

  app.route({
    ...contractRoute(routes.auth.oauthCallback),
    config: { ...contractRoute(routes.auth.oauthCallback).config, ...perIp },
    handler: async (request, reply) => signIn(request, reply, await auth.loginWithProvider(request.body)),
  });

  app.route({
    ...contractRoute(routes.auth.refresh),
    config: { ...contractRoute(routes.auth.refresh).config, ...perIp },
    handler: async (request, reply) => {
      const token = request.body?.refresh ?? readCookie(request, REFRESH_COOKIE, publicUrl);
      try {
        return signIn(request, reply, await auth.refresh(token));
      } catch (error) {
        clearSessionCookies(request, reply, publicUrl);
        throw error;
      }
    },
  });

  app.route({
    ...contractRoute(routes.auth.logout),
    handler: async (request, reply) => {
      const refresh = request.body?.refresh ?? readCookie(request, REFRESH_COOKIE, publicUrl);
      const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      await auth.logout(refresh, bearer ?? readCookie(request, ACCESS_COOKIE, publicUrl));
      clearSessionCookies(request, reply, publicUrl);
      return { success: true as const };
    },
  });
});
