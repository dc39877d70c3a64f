import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a feed with the validators reading apps sync by: a strong ETag of the exact bytes and
 * Last-Modified from the feed's `updated`; answers 304 with no body when the client's copy is
 * current (If-None-Match first, If-Modified-Since only without it, RFC 9110 section 13.2.2).
 * Private: a feed is one account's, and depends on the Authorization header.
 */
export function sendFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  contentType: string,
  updated: Date,
) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  const lastModified = new Date(Math.floor(updated.getTime() / 1000) * 1000);
  reply
    .header('etag', etag)
    .header('last-modified', lastModified.toUTCString())
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Authorization');
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const fresh =
    ifNoneMatch !== undefined
      ? ifNoneMatch.split(',').some((tag) => {
          const t = tag.trim();
          return t === '*' || t === etag || t === `W/${etag}`;
        })
      : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, lastModified);
  if (fresh) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

function notModifiedSince(header: string, lastModified: Date): boolean {
  const since = Date.parse(header);
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}
