import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One log line per request, when it is answered: method, URL (signatures redacted by the `req`
 * serializer), status and time. Fastify's default writes two (on arrival and on completion), and
 * under load those lines were a fifth of the API's CPU (decision 161). A request that never gets an
 * answer is still logged when its connection closes.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    reply.log.info(
      { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });
  app.addHook('onRequestAbort', async (request) => {
    request.log.info({ req: request }, 'request aborted');
  });
});
