import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { pageTitle } from './lib/pageTitle';

/**
 * The public pages written as HTML at build time (scripts/prerender-pages.ts), so they paint before any
 * JavaScript runs. `hydrate: 'idle'` pages are only read: the app comes when the browser is idle or at
 * the first touch (src/boot.ts); the login form starts it at once.
 */
export const PUBLIC_PAGES = [
  { path: '/', hydrate: 'idle' },
  { path: '/login', hydrate: 'now' },
  { path: '/terms-of-service', hydrate: 'idle' },
  { path: '/privacy-policy', hydrate: 'idle' },
] as const;

/** A public page as a visitor first sees it (no session, no query): its #root markup and title. */
export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  const Router = ({ children }: { children?: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  // prerender waits for the lazy pages, so their content is in the markup, not the loading fallback.
  const { prelude } = await prerenderToNodeStream(<AppProviders router={Router} />);
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, title: pageTitle(path) };
}
