import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { levels } from 'pino';

/** Whether a logger at `level` writes info lines (a route's `logLevel` may raise it). */
const logsInfo = (level: string) => (levels.values[level] ?? Number.POSITIVE_INFINITY) <= levels.values.info!;

/**
 * One log line per request, when it is answered: method, URL (signatures redacted by the `req`
 * serializer), status and time. Fastify's default writes two (on arrival and on completion), and
 * under load those lines were a fifth of the API's CPU (decision 161). A request that never gets an
 * answer is still logged when its connection closes.
 *
 * The line holds only what the `req` and `res` serializers pick (no header, cookie or body), so it
 * is written by a child logger without the redaction pass, which walked every object of every line
 * for the secret paths and found nothing here (decision 301). A route's own `logLevel` still
 * decides whether its line is written.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  const lineLog = app.log.child({}, { redact: { paths: [] } });
  app.addHook('onResponse', async (request, reply) => {
    if (!logsInfo(reply.log.level)) return;
    lineLog.info(
      {
        reqId: request.id,
        req: request,
        res: reply,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
  app.addHook('onRequestAbort', async (request) => {
    if (!logsInfo(request.log.level)) return;
    lineLog.info({ reqId: request.id, req: request }, 'request aborted');
  });
});
