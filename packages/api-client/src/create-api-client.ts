import { type RouteDef, type RouteInput, type RouteOutput, routes } from '@booktranslate/contract';
import { buildUrl } from './build-url';
import { filenameFromContentDisposition } from './content-disposition';
import { createSessionRefresher } from './session-refresh';
import { type ApiClientOptions, createTransport, readJson, SAFE_METHODS } from './transport';
import { hasXhr, progressOf, type UploadProgress, uploadWithXhr } from './upload-xhr';

export interface CallOptions {
  signal?: AbortSignal;
  /** False: no session renewal on a 401 for this call (a visitor has no session to renew). */
  renew?: boolean;
}

/** Arguments of a call: the input may be left out when the route needs no params and no body. */
export type CallArgs<R extends RouteDef> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` is the "nothing required" test here.
  {} extends RouteInput<R> ? [input?: RouteInput<R> & CallOptions] : [input: RouteInput<R> & CallOptions];

export interface UploadInput<R extends RouteDef> extends CallOptions {
  params?: RouteInput<R>['params'];
  /** Non-file form fields (e.g. target_language). */
  fields?: Record<string, string>;
  file: Blob;
  fileName?: string;
  /** Form field of the file; default 'file'. */
  fieldName?: string;
  onProgress?: (progress: UploadProgress) => void;
}

/** Every contract route as a method: `api.auth.login({ body })`, typed from the zod schemas. */
export type BoundRoutes<T> = {
  [Area in keyof T]: {
    [Name in keyof T[Area]]: T[Area][Name] extends RouteDef
      ? (...args: CallArgs<T[Area][Name]>) => Promise<RouteOutput<T[Area][Name]>>
      : never;
  };
};

/**
 * The typed API client: cookies (credentials 'include'), CSRF header on writes, identical in-flight
 * GET/HEAD/OPTIONS merged, 30 s time-out, ApiError on failure (spec section 8).
 * @example
 * const client = createApiClient({ baseUrl: '/api/v1' });
 * const { user } = await client.api.auth.login({ body: { email, password } });
 * const profile = await client.request(routes.users.getProfile);
 */
export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options);
  const inflight = new Map<string, Promise<unknown>>();
  const autoRefresh = options.autoRefresh ?? true;
  // Access tokens live 15 minutes: a 401 outside /auth/ renews the session once and retries.
  const renew = createSessionRefresher(async () => {
    await readJson(
      await transport.sendWithCsrfRetry('POST', buildUrl(options.baseUrl, routes.auth.refresh.path)),
    );
  });
  const withRefresh = <T>(path: string, call: () => Promise<T>): Promise<T> =>
    autoRefresh && !path.startsWith('/auth/') ? renew(call) : call();
  const uploadTimeoutMs = Math.max(transport.timeoutMs, 15 * 60_000);

  function request<R extends RouteDef>(route: R, ...args: CallArgs<R>): Promise<RouteOutput<R>> {
    const input = (args[0] ?? {}) as {
      params?: object;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
      renew?: boolean;
    };
    const url = buildUrl(options.baseUrl, route.path, input.params as never, input.query as never);
    const init: RequestInit = input.signal ? { signal: input.signal } : {};
    if (input.body !== undefined) {
      init.body = JSON.stringify(input.body);
      init.headers = { 'content-type': 'application/json' };
    }
    const send = async () => readJson(await transport.sendWithCsrfRetry(route.method, url, init));
    const run = () => (input.renew === false ? send() : withRefresh(route.path, send));
    if (!SAFE_METHODS.has(route.method)) return run() as Promise<RouteOutput<R>>;
    // Identical reads in flight share one request; writes never do (spec section 7).
    const key = `${route.method} ${url}`;
    let pending = inflight.get(key);
    if (!pending) {
      pending = run().finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending as Promise<RouteOutput<R>>;
  }

  async function upload<R extends RouteDef>(route: R, input: UploadInput<R>): Promise<RouteOutput<R>> {
    const url = buildUrl(options.baseUrl, route.path, input.params as never);
    const form = new FormData();
    for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
    form.append(
      input.fieldName ?? 'file',
      input.file,
      input.fileName ?? (input.file as File).name ?? 'upload',
    );
    if (hasXhr()) {
      const headers = { 'x-csrf-token': await transport.csrfToken() };
      return uploadWithXhr({
        url,
        form,
        headers,
        timeoutMs: uploadTimeoutMs,
        productName: transport.productName,
        ...(input.onProgress ? { onProgress: input.onProgress } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
      }) as Promise<RouteOutput<R>>;
    }
    // Without XMLHttpRequest (Node) progress is reported once, when the body has been sent.
    const response = await transport.sendWithCsrfRetry(route.method, url, {
      body: form,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    input.onProgress?.(progressOf(input.file.size, input.file.size));
    return readJson(response) as Promise<RouteOutput<R>>;
  }

  /** Fetches a file: the blob and its name from Content-Disposition (else `fallbackName`). */
  async function download<R extends RouteDef>(
    route: R,
    input: RouteInput<R> & CallOptions & { fallbackName: string },
  ): Promise<{ blob: Blob; filename: string }> {
    const { params, query } = input as { params?: object; query?: object };
    const url = buildUrl(options.baseUrl, route.path, params as never, query as never);
    const response = await transport.sendWithCsrfRetry(
      route.method,
      url,
      input.signal ? { signal: input.signal } : {},
    );
    if (!response.ok) await readJson(response);
    const blob = await response.blob();
    return {
      blob,
      filename: filenameFromContentDisposition(
        response.headers.get('content-disposition'),
        input.fallbackName,
      ),
    };
  }

  const api = Object.fromEntries(
    Object.entries(routes).map(([area, table]) => [
      area,
      Object.fromEntries(
        Object.entries(table).map(([name, route]) => [
          name,
          (...args: unknown[]) => request(route as RouteDef, ...(args as [])),
        ]),
      ),
    ]),
  ) as BoundRoutes<typeof routes>;

  return { api, request, upload, download, csrfToken: transport.csrfToken, reset: transport.reset };
}

export type ApiClient = ReturnType<typeof createApiClient>;
