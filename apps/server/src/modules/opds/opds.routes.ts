import {
  OPDS_PATH,
  Opds2SearchQuery,
  OpdsPageQuery,
  OpdsSearchQuery,
  opdsFormats,
  opdsMediaTypes,
} from '@booktranslate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defaultRateLimits, systemClock } from '../../deps';
import { AppError } from '../../errors';
import { type ApiInstance, defineModule } from '../../plugins/define-module';
import { sendError } from '../../plugins/error-handler';
import { booksDepsOf } from '../books/books-deps';
import { PRODUCT_NAME } from '../public-config/public-config.routes';
import { atomFeed } from './atom-feed';
import { type CatalogueUser, catalogueSignIn } from './catalogue-auth';
import { catalogueHrefs } from './catalogue-hrefs';
import type { CatalogueFeed } from './catalogue-model';
import { createCatalogueThrottle } from './catalogue-throttle';
import { sendFeed } from './conditional-get';
import { catalogueCover, downloadFromCatalogue } from './download-from-catalogue';
import { opds2Feed } from './opds2-feed';
import { openSearchDescription } from './opensearch';
import {
  type AcquisitionScope,
  acquisitionFeed,
  booksFeed,
  type CatalogueReader,
  languagesFeed,
  rootFeed,
} from './read-catalogue';

/** What the OpenAPI document says of a feed: its type, its validators, and the two ways in. */
function feedDescription(version: 'v1' | 'v2', path: string): string {
  const type =
    version === 'v1'
      ? 'Atom (application/atom+xml;profile=opds-catalog;kind=navigation or acquisition)'
      : 'application/opds+json';
  const root =
    path === '/'
      ? " The catalogue of the signed-in reading app's user: HTTP Basic with the account's e-mail and an app password (POST /api/v1/users/app-passwords/), or every path under /opds/t/{token}/ with the token that POST answers. The session cookie is not accepted; a refusal is 401 with WWW-Authenticate: Basic."
      : '';
  return `Answers ${type} with ETag and Last-Modified; 304 on If-None-Match or If-Modified-Since.${root}`;
}

/** Feed requests per reading app's user per minute: a full sync of a large library fits. */
const FEEDS_PER_MINUTE = 300;

const LanguageParams = z.object({
  language: z
    .string()
    .max(20)
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i),
});
const BookParams = z.object({ bookId: z.uuid() });
const FileParams = z.object({
  id: z.uuid(),
  format: z.enum(opdsFormats.map((f) => f.id) as [string, ...string[]]),
});

const signedIn = (request: FastifyRequest): CatalogueUser => {
  if (!request.catalogueUser) throw new AppError('UNAUTHENTICATED', 'Sign in with an app password');
  return request.catalogueUser;
};

/**
 * The reading apps' catalogue, outside /api/v1 (decision 250): OPDS 1.2 at /opds/, OPDS 2.0 at
 * /opds/v2/, each also under /opds/t/{token}/ for apps that cannot send a password. Signed in by
 * an app password only; read-only; the owner's completed translations only.
 */
export const opdsModule = defineModule('opds', async (app, deps) => {
  const books = booksDepsOf(deps);
  const clock = deps.clock ?? systemClock;
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const throttle = createCatalogueThrottle({
    db: deps.db,
    perAccount: limits.loginPerAccountPer15Min,
    perAddress: limits.loginPerIpPer15Min,
  });
  const requireAppPassword = catalogueSignIn({ db: deps.db, clock, throttle });
  const author = { name: PRODUCT_NAME, uri: deps.config.publicUrl };
  const perUser = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `opds:${request.catalogueUser?.userId ?? request.ip}`,
    },
  });
  app.decorateRequest('catalogueUser', null);

  const routes = (documented: boolean) => async (scope: ApiInstance) => {
    scope.addHook('onRequest', requireAppPassword);
    const doc = (summary: string, extra: Record<string, unknown> = {}) => ({
      summary,
      tags: ['opds'],
      security: [{ appPasswordBasic: [] }],
      hide: !documented,
      ...extra,
    });
    const reader = (request: FastifyRequest, version: 'v1' | 'v2'): CatalogueReader => {
      const user = signedIn(request);
      return { db: deps.db, userId: user.userId, hrefs: catalogueHrefs(user.base, version) };
    };
    const send = (request: FastifyRequest, reply: FastifyReply, feed: CatalogueFeed, version: 'v1' | 'v2') =>
      version === 'v1'
        ? sendFeed(request, reply, atomFeed(feed, author), opdsMediaTypes[feed.kind], feed.updated)
        : sendFeed(request, reply, JSON.stringify(opds2Feed(feed)), opdsMediaTypes.opds2, feed.updated);

    for (const version of ['v1', 'v2'] as const) {
      const at = version === 'v1' ? '' : '/v2';
      const label = version === 'v1' ? 'OPDS 1.2 (Atom)' : 'OPDS 2.0 (JSON)';
      const feedRoute = <Q extends z.ZodType | undefined, P extends z.ZodType | undefined>(
        path: string,
        summary: string,
        schemas: { querystring?: Q; params?: P },
        build: (r: CatalogueReader, request: FastifyRequest) => Promise<CatalogueFeed>,
      ) =>
        scope.route({
          method: 'GET',
          url: `${at}${path}`,
          schema: doc(`${label}: ${summary}`, { ...schemas, description: feedDescription(version, path) }),
          config: perUser(FEEDS_PER_MINUTE),
          handler: async (request, reply) =>
            send(request, reply, await build(reader(request, version), request), version),
        });
      feedRoute('/', 'the catalogue root (recent translations, by language, by book)', {}, (r) =>
        rootFeed(r),
      );
      feedRoute('/recent/', 'finished translations, newest first', { querystring: OpdsPageQuery }, (r, q) =>
        acquisitionFeed(r, { kind: 'recent' }, (q.query as { page: number }).page),
      );
      feedRoute('/languages/', 'the languages of the finished translations', {}, (r) => languagesFeed(r));
      feedRoute(
        '/languages/:language/',
        'finished translations into one language',
        { querystring: OpdsPageQuery, params: LanguageParams },
        (r, q) =>
          acquisitionFeed(
            r,
            { kind: 'language', language: (q.params as { language: string }).language.toLowerCase() },
            (q.query as { page: number }).page,
          ),
      );
      feedRoute(
        '/books/',
        'the books with a finished translation, by title',
        { querystring: OpdsPageQuery },
        (r, q) => booksFeed(r, (q.query as { page: number }).page),
      );
      feedRoute('/books/:bookId/', "one book's finished translations", { params: BookParams }, (r, q) =>
        acquisitionFeed(r, { kind: 'book', bookId: (q.params as { bookId: string }).bookId }, 1),
      );
      feedRoute(
        '/search/',
        'finished translations whose title or author holds the words',
        { querystring: version === 'v1' ? OpdsSearchQuery : Opds2SearchQuery },
        (r, q) => {
          const query = q.query as { q?: string; query?: string; page: number };
          const scope: AcquisitionScope = { kind: 'search', query: (query.q ?? query.query ?? '').trim() };
          return acquisitionFeed(r, scope, query.page);
        },
      );
    }

    scope.route({
      method: 'GET',
      url: '/opensearch.xml',
      schema: doc('OPDS 1.2: the OpenSearch description (search by title or author)'),
      config: perUser(FEEDS_PER_MINUTE),
      handler: async (request, reply) => {
        const hrefs = catalogueHrefs(signedIn(request).base, 'v1');
        return reply
          .type(opdsMediaTypes.openSearch)
          .header('cache-control', 'private, max-age=86400')
          .send(openSearchDescription(hrefs.feed('search/')));
      },
    });

    // The same budget as the API's downloads: a download after edits rewrites the files (decision 216).
    scope.route({
      method: 'GET',
      url: '/translations/:id/:format/',
      schema: doc('A finished translation as EPUB, FB2, plain text or bilingual EPUB (acquisition link)', {
        params: FileParams,
      }),
      config: perUser(deps.config.translation.downloadsPerMinute),
      handler: async (request, reply) => {
        const { id, format } = request.params as z.infer<typeof FileParams>;
        const file = await downloadFromCatalogue(books, signedIn(request).userId, id, format as never);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', file.disposition)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    });

    scope.route({
      method: 'GET',
      url: '/covers/:bookId/',
      schema: doc("A book's cover (image and thumbnail links)", { params: BookParams }),
      config: perUser(FEEDS_PER_MINUTE),
      handler: async (request, reply) => {
        const { bookId } = request.params as z.infer<typeof BookParams>;
        const cover = await catalogueCover(books, signedIn(request).userId, bookId);
        return reply
          .header('content-type', cover.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, max-age=3600')
          .send(cover.stream);
      },
    });
  };

  await app.register(
    async (scope: ApiInstance) => {
      // A path under /opds that names nothing is a 404 here, not the web app's page.
      scope.setNotFoundHandler((_request, reply) => sendError(reply, new AppError('NOT_FOUND', 'Not found')));
      await scope.register(routes(true));
    },
    { prefix: OPDS_PATH },
  );
  await app.register(routes(false), { prefix: `${OPDS_PATH}/t/:token` });
});
