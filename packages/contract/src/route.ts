import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the API. Paths are relative to `/api/v1`, written as the spec lists them with
 * trailing slashes; path parameters use `:name` (`/books/:id/`), which OpenAPI shows as `{id}`.
 *
 * - `body` is JSON unless `bodyType` is `multipart` (then `body` describes the non-file fields).
 * - `response` describes a JSON body; with `responseType: 'binary'` the answer is a file download
 *   and `response` is unused by the client (keep it `z.unknown()`).
 * - `auth: true` marks endpoints that need a signed-in user (401 otherwise).
 */
export interface RouteDef {
  method: HttpMethod;
  path: `/${string}`;
  summary: string;
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyType?: 'json' | 'multipart';
  response: z.ZodType;
  responseType?: 'json' | 'binary';
  /** Success status; 200 unless stated. */
  status?: number;
}

/**
 * Declares an endpoint and keeps its literal types for the server and the client.
 *
 * @example
 * export const getProfile = defineRoute({
 *   method: 'GET', path: '/users/profile/', summary: 'The signed-in user', auth: true, response: User,
 * });
 */
export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

type Infer<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** What a caller passes: params, query and body as the schemas accept them (before defaults). */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: z.input<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: Infer<R['query'], never> } : { query?: undefined }) &
  (R['body'] extends z.ZodType
    ? undefined extends z.input<R['body']>
      ? { body?: z.input<R['body']> }
      : { body: z.input<R['body']> }
    : { body?: undefined });

/** What a caller gets back: the response schema's output. */
export type RouteOutput<R extends RouteDef> = z.output<R['response']>;
