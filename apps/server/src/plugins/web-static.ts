import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { sendError } from './error-handler';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app has not been built yet</h1>
<p>The API is running under <a href="/api/docs">/api/docs</a>. To serve the web app, run
<code>npm run build -w apps/web</code> (or simply <code>npm start</code> from the repository root) and reload.</p>
</body></html>`;

// A missing file (an old hashed chunk after a deploy, a favicon) must be a 404: answering index.html
// would make a stale tab fail with a MIME-type error instead of a clean load failure.
const FILE_PATH =
  /^\/assets\/|\.(?:m?js|css|map|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|json|txt|xml|webmanifest)$/i;

/** The pre-rendered pages of a build: `<dir>/index.html` answers `/<dir>` (decision 305). */
function prerenderedPages(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'assets' && existsSync(join(root, e.name, 'index.html')))
    .map((e) => e.name);
}

/**
 * Serves the built web app (apps/web/dist): `/` the pre-rendered landing (index.html), each other
 * pre-rendered public page (login, legal) from its folder, and any other GET outside /api that is not a
 * file the app's empty shell (app.html), so client-side routes survive a reload. API paths and missing
 * files answer a 404 envelope.
 */
export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const built = existsSync(join(opts.root, 'index.html'));
  // A build from before pre-rendering has no shell: its index.html is the shell.
  const shell = existsSync(join(opts.root, 'app.html')) ? 'app.html' : 'index.html';
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.root,
      index: false,
      // Hashed assets can be cached for good; the pages must be revalidated to pick up new builds.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // With `index: false` the static handler answers a bare "/" with 403; the landing page is index.html.
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    for (const page of prerenderedPages(opts.root))
      app.get(`/${page}`, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile(`${page}/index.html`),
      );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !FILE_PATH.test(path);
    if (!isPage) return sendError(reply, new AppError('NOT_FOUND', 'Not found'));
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile(shell);
  });
});
