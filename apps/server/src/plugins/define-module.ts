import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';

/** The Fastify instance modules receive: routes typed by the contract's zod schemas. */
export type ApiInstance =
  FastifyInstance extends FastifyInstance<infer S, infer Q, infer P, infer L>
    ? FastifyInstance<S, Q, P, L, ZodTypeProvider>
    : never;

/** A feature module: registers its routes under /api/v1 with the dependencies it needs. */
export interface AppModule {
  name: string;
  register(app: ApiInstance, deps: AppDeps): Promise<void>;
}

/**
 * Declares a module's routes; list them in its `<name>.module.ts` (modules/index.ts lists those).
 * @example
 * export const booksModule = defineModule('books', async (app, deps) => { app.route({...}) });
 */
export function defineModule(name: string, register: AppModule['register']): AppModule {
  return { name, register };
}
