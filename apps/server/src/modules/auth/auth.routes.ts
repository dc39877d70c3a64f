import { CSRF_COOKIE, routes } from '@booktranslate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaultRateLimits } from '../../deps';
import { AppError, isAppError } from '../../errors';
import { contractRoute } from '../../plugins/contract-route';
import { readCookie } from '../../plugins/cookie-policy';
import { issueCsrfToken, isValidCsrfToken } from '../../plugins/csrf-token';
import { defineModule } from '../../plugins/define-module';
import { countHit } from '../../plugins/pg-rate-limit-store';
import { freeCreditPolicy } from '../credits/free-credit-claims';
import { mailerFor } from '../mail/mailer';
import { accessKey } from './access-token';
import { createAuthService } from './auth.service';
import { confirmedMessage, createEmailConfirmation } from './email-confirmation';
import { createGoogleVerifier } from './google-verifier';
import type { IssuedSession } from './issue-session';
import { createLoginThrottle } from './login-throttle';
import { createPasswordReset, PASSWORD_CHANGED_MESSAGE, RESET_REQUESTED_MESSAGE } from './password-reset';
import { signedInUser } from './session.plugin';
import { sessionBinding } from './session-binding';
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  REFRESH_COOKIE,
  setCsrfCookie,
  setSessionCookies,
} from './session-cookies';

/** "Already registered" answers per client address per hour before 429: no bulk address probing (decision 124). */
const REGISTER_CONFLICTS_PER_HOUR = 10;
/** Reset requests per client address per hour, whatever the addresses asked for. */
const RESET_REQUESTS_PER_HOUR = 20;
/** Confirmation-link requests per client address per hour, whatever the accounts (decision 218). */
const CONFIRMATION_REQUESTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

const tooMany = (retryAfterMs: number) =>
  new AppError('RATE_LIMITED', 'Too many requests. Please try again later.', {
    retry_after_s: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });

export const authModule = defineModule('auth', async (app, deps) => {
  const { config, db } = deps;
  const clock = deps.clock ?? { now: () => new Date() };
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const freeCredits = freeCreditPolicy(config.sessionSecret, config.security.freeCreditClaimDays);
  const auth = createAuthService({
    db,
    clock,
    accessKey: accessKey(config.sessionSecret),
    verifyGoogle: createGoogleVerifier(config.google),
    freeCredits,
  });
  const mailer = mailerFor(config.mail);
  const passwordReset = createPasswordReset({
    db,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    freeCredits,
    log: app.log,
  });
  const emailConfirmation = createEmailConfirmation({
    db,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    validHours: config.emailConfirmationHours,
    freeCredits,
    log: app.log,
  });
  const publicUrl = config.publicUrl;
  const perIp = { rateLimit: { max: limits.authPerIpPerMinute, timeWindow: '1 minute' } };
  const loginThrottle = createLoginThrottle({
    db,
    secret: config.sessionSecret,
    publicUrl,
    perAccount: limits.loginPerAccountPer15Min,
    perAddress: limits.loginPerIpPer15Min,
  });
  const sessionOf = sessionBinding({ db, sessionSecret: config.sessionSecret, publicUrl });

  const signIn = (request: FastifyRequest, reply: FastifyReply, session: IssuedSession, status = 200) => {
    setSessionCookies(request, reply, publicUrl, session);
    // A new session, a new anti-forgery token bound to it (decision 123).
    setCsrfCookie(request, reply, publicUrl, issueCsrfToken(config.sessionSecret, session.sessionId));
    // The body carries tokens: no cache anywhere may keep it.
    reply.header('cache-control', 'no-store');
    return reply.code(status).send(session.body);
  };

  app.route({
    ...contractRoute(routes.auth.csrf),
    handler: async (request, reply) => {
      // Keep a valid existing token so several open tabs do not invalidate each other's header.
      const session = await sessionOf(request);
      const current = readCookie(request, CSRF_COOKIE, publicUrl);
      const token = isValidCsrfToken(config.sessionSecret, current, session)
        ? current
        : issueCsrfToken(config.sessionSecret, session);
      setCsrfCookie(request, reply, publicUrl, token);
      reply.header('cache-control', 'no-store');
      return { csrf_token: token };
    },
  });

  app.route({
    ...contractRoute(routes.auth.register),
    config: { ...contractRoute(routes.auth.register).config, ...perIp },
    handler: async (request, reply) => {
      try {
        const session = await auth.register(request.body);
        // Like a sign-in: this browser is the owner's known device from the first minute (decision 219).
        await loginThrottle.recordSuccess(request, reply, request.body.email);
        const { id, email } = session.body.user;
        // The Free credits wait for the e-mailed link; the account works meanwhile (decision 218).
        await emailConfirmation.sendFirst({ id, email }).catch((error: unknown) => {
          request.log.warn(
            { err: error, userId: id },
            'confirmation link not issued; the user can ask again',
          );
        });
        return signIn(request, reply, session, 201);
      } catch (error) {
        if (isAppError(error) && error.code === 'CONFLICT') {
          const conflicts = await countHit(db, `register:conflict:${request.ip}`, HOUR_MS);
          if (conflicts.current > REGISTER_CONFLICTS_PER_HOUR) throw tooMany(conflicts.ttl);
        }
        throw error;
      }
    },
  });

  app.route({
    ...contractRoute(routes.auth.login),
    config: { ...contractRoute(routes.auth.login).config, ...perIp },
    handler: async (request, reply) => {
      const { email } = request.body;
      await loginThrottle.guard(request, email);
      try {
        const session = await auth.login(request.body);
        await loginThrottle.recordSuccess(request, reply, email);
        return signIn(request, reply, session);
      } catch (error) {
        if (isAppError(error) && error.code === 'INVALID_CREDENTIALS') {
          await loginThrottle.recordFailure(request, email);
        }
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
        clearSessionCookies(request, reply, publicUrl, config.sessionSecret);
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
      clearSessionCookies(request, reply, publicUrl, config.sessionSecret);
      return { success: true as const };
    },
  });

  app.route({
    ...contractRoute(routes.auth.requestPasswordReset),
    config: { ...contractRoute(routes.auth.requestPasswordReset).config, ...perIp },
    handler: async (request, reply) => {
      const asked = await countHit(db, `reset:address:${request.ip}`, HOUR_MS);
      if (asked.current > RESET_REQUESTS_PER_HOUR) throw tooMany(asked.ttl);
      await passwordReset.request(request.body.email);
      return reply.code(202).send({ success: true as const, message: RESET_REQUESTED_MESSAGE });
    },
  });

  app.route({
    ...contractRoute(routes.auth.confirmPasswordReset),
    config: { ...contractRoute(routes.auth.confirmPasswordReset).config, ...perIp },
    handler: async (request, reply) => {
      await passwordReset.confirm(request.body.token, request.body.password);
      // Every session of the account just ended, this browser's included.
      clearSessionCookies(request, reply, publicUrl, config.sessionSecret);
      return { success: true as const, message: PASSWORD_CHANGED_MESSAGE };
    },
  });

  app.route({
    ...contractRoute(routes.auth.confirmEmail),
    config: { ...contractRoute(routes.auth.confirmEmail).config, ...perIp },
    handler: async (request) => {
      const creditsGranted = await emailConfirmation.confirm(request.body.token);
      return {
        success: true as const,
        message: confirmedMessage(creditsGranted),
        credits_granted: creditsGranted,
      };
    },
  });

  app.route({
    ...contractRoute(routes.auth.resendEmailConfirmation),
    config: { ...contractRoute(routes.auth.resendEmailConfirmation).config, ...perIp },
    handler: async (request, reply) => {
      const asked = await countHit(db, `confirm-mail:address:${request.ip}`, HOUR_MS);
      if (asked.current > CONFIRMATION_REQUESTS_PER_HOUR) throw tooMany(asked.ttl);
      const message = await emailConfirmation.resend(signedInUser(request).userId);
      return reply.code(202).send({ success: true as const, message });
    },
  });
});
