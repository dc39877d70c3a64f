import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { pgRateLimitStore } from './pg-rate-limit-store';

// The web app loads Google Identity Services and PayPal's SDK, and shows Google avatars; everything
// else comes from our own origin. See docs/decisions/064-security-headers-and-rate-limits.md.
const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      'https://accounts.google.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ],
    styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", 'https://accounts.google.com', 'https://*.paypal.com'],
    frameSrc: ['https://accounts.google.com', 'https://*.paypal.com'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Kept off so that `npm start` over plain http://localhost works; browsers upgrade under HTTPS anyway.
    upgradeInsecureRequests: null,
  },
};

/**
 * Helmet's headers, its options read once: @fastify/helmet builds the middleware again for every
 * request (parsing the whole CSP each time, 3% of the API's CPU under bench:load), while the
 * headers never change. No route sets its own helmet options or CSP nonces.
 */
const securityHeaders = helmet({
  contentSecurityPolicy,
  // Google's sign-in popup talks back to the opener window.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginEmbedderPolicy: false,
});

/** Cookies, security headers and the rate limiter (opt-in per route via `config.rateLimit`, counters in the database). */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  await app.register(cookie);
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(opts.db),
    // A database hiccup must not turn every request into a 500; the route's own queries will fail anyway.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 'Too many requests. Please try again later.', {
        retry_after_s: Math.ceil(context.ttl / 1000),
      }),
  });
});
