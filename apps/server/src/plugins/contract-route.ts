import { ErrorEnvelope, type RouteDef } from '@booktranslate/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** True when the route needs a signed-in user: the session plugin adds requireUser to it. */
    auth?: boolean;
  }
}

type ContractSchema<R extends RouteDef> = {
  summary: string;
  tags: string[];
  params: R['params'];
  querystring: R['query'];
  body: R['body'];
  response: {
    200: R['response'];
    201: R['response'];
    '4xx': typeof ErrorEnvelope;
    '5xx': typeof ErrorEnvelope;
  };
};

/**
 * The Fastify route options of a contract endpoint: method, url, zod schemas (validation, response
 * serialization, OpenAPI) and `config.auth`. Spread it and add the handler.
 *
 * @example
 * app.route({ ...contractRoute(routes.users.getProfile), handler: (request) => users.profile(...) });
 */
export function contractRoute<const R extends RouteDef>(def: R) {
  const schema: Record<string, unknown> = {
    summary: def.summary,
    tags: [def.path.split('/')[1] ?? 'api'],
    response: { [def.status ?? 200]: def.response, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
  };
  if (def.params) schema.params = def.params;
  if (def.query) schema.querystring = def.query;
  if (def.body && def.bodyType !== 'multipart') schema.body = def.body;
  if (def.auth) schema.security = [{ cookieSession: [] }];
  return {
    method: def.method,
    url: def.path,
    schema: schema as unknown as ContractSchema<R>,
    config: { auth: def.auth },
  };
}
