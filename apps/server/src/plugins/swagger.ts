import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas: UI at /api/docs, document at /api/docs/json. */
export const swaggerPlugin = fp(
  async (app: FastifyInstance, opts: { productName: string; version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: `${opts.productName} API`, version: opts.version },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            cookieSession: { type: 'apiKey', in: 'cookie', name: 'access_token' },
            csrfHeader: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
            // The reading apps' catalogue (/opds): the account's e-mail and an app password.
            appPasswordBasic: { type: 'http', scheme: 'basic' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
);
