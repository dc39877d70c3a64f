import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from './index';
import type { RouteDef } from './route';

const all = Object.entries(routes).flatMap(([area, table]) =>
  Object.entries(table).map(([name, route]) => ({ id: `${area}.${name}`, route: route as RouteDef })),
);

// The spec writes these without a trailing slash (section 7: GET /dashboard/stats, GET /health).
const noTrailingSlash = new Set(['/health', '/dashboard/stats', '/config/public']);

describe('the route table', () => {
  it('has at least the platform and sign-in endpoints', () => {
    const paths = all.map(({ route }) => `${route.method} ${route.path}`);
    for (const expected of [
      'GET /auth/csrf/',
      'POST /auth/register/',
      'POST /auth/login/',
      'POST /auth/oauth_callback/',
      'POST /auth/refresh/',
      'POST /auth/logout/',
      'POST /auth/password-reset/',
      'POST /auth/password-reset/confirm/',
      'POST /auth/email/confirm/',
      'POST /auth/email/resend/',
      'GET /users/profile/',
      'GET /health',
      'GET /dashboard/stats',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('never declares one method and path twice', () => {
    const keys = all.map(({ route }) => `${route.method} ${route.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it.each(all)('$id: spec-style path, params declared, schemas present', ({ route }) => {
    expect(route.path.startsWith('/')).toBe(true);
    if (!noTrailingSlash.has(route.path)) expect(route.path.endsWith('/')).toBe(true);
    const names = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]);
    if (names.length > 0) {
      expect(route.params).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((route.params as z.ZodObject).shape).sort()).toEqual(names.sort());
    }
    expect(route.response).toBeInstanceOf(z.ZodType);
    expect(typeof route.auth).toBe('boolean');
    if (route.method === 'GET') expect(route.body).toBeUndefined();
  });
});
