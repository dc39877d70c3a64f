import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/listen';
import { type BatchContext, FakeBatches } from './openai-batches';
import { FileStore, routeFiles } from './openai-files';
import { errorBody } from './openai-shapes';
import { refuseCaller } from './refuse-caller';

/** The Files and Batch APIs of one fake server. */
export interface BatchApi {
  /** Whether `path` (with or without /v1) is one of these APIs' paths. */
  owns(path: string): boolean;
  /** Answers a request on one of their paths (404 for an unknown one). */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
  close(): void;
}

/**
 * The fake's Files and Batch APIs behind the same key and quota checks as its chat route.
 * @example const api = createBatchApi({ options, random, stats: () => stats });
 */
export function createBatchApi(context: Omit<BatchContext, 'files'>): BatchApi {
  const files = new FileStore();
  const batches = new FakeBatches({ ...context, files });
  const strip = (path: string) => path.replace(/^\/v1(?=\/)/, '');
  return {
    owns: (path) => /^\/(files|batches)(\/|$)/.test(strip(path)),
    async handle(req, res, path) {
      const refusal = refuseCaller(req, context.options);
      if (refusal) return sendJson(res, refusal.status, refusal.body);
      const route = strip(path);
      if ((await routeFiles(req, res, route, files)) || (await batches.route(req, res, route))) return;
      const message = `Unknown path ${req.method} ${path}`;
      sendJson(res, 404, errorBody(message, 'invalid_request_error', 'unknown_url'));
    },
    close: () => batches.close(),
  };
}
