/**
 * After `vite build` (client, with its manifest) and `vite build --ssr src/prerender.tsx`: writes each
 * public page into dist as <path>/index.html (the landing is dist/index.html) with its content inside
 * #root, and dist/app.html, the empty shell every other route answers with. No inline script is added
 * (the CSP forbids them); a page that would get one fails the build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Manifest = Record<string, { file: string; imports?: string[] }>;
type Page = { path: string; hydrate: 'idle' | 'now' };
type PrerenderModule = {
  PUBLIC_PAGES: readonly Page[];
  renderPage(path: string): Promise<{ html: string; title: string }>;
};

const web = join(import.meta.dirname, '..');
const dist = join(web, 'dist');
const ssrDir = join(web, 'dist-ssr');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const { PUBLIC_PAGES, renderPage } = (await import(
  pathToFileURL(join(ssrDir, 'prerender.js')).href
)) as PrerenderModule;

/** A chunk's file and those it imports statically, as /assets/... URLs. */
function chunkFiles(key: string, into = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build manifest`);
  if (into.has(`/${entry.file}`)) return into;
  into.add(`/${entry.file}`);
  for (const imported of entry.imports ?? []) chunkFiles(imported, into);
  return into;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function page(root: string, title: string, preload: Set<string>): string {
  const links = [...preload].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  const html = template
    .replace('<div id="root"></div>', root)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${links}</head>`);
  if (html === template) throw new Error('index.html has no empty #root to fill');
  return html;
}

const app = chunkFiles('src/main.tsx');
writeFileSync(join(dist, 'app.html'), page('<div id="root"></div>', 'BookTranslate', app));
for (const { path, hydrate } of PUBLIC_PAGES) {
  const { html, title } = await renderPage(path);
  if (/<script/i.test(html))
    throw new Error(`${path}: the pre-rendered markup has a script, which the CSP refuses`);
  // A page that starts the app at once fetches it with the page; an idle one only when it starts.
  const preload = hydrate === 'now' ? app : new Set<string>();
  const root = `<div id="root" data-prerendered data-hydrate="${hydrate}">${html}</div>`;
  const file = join(dist, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page(root, title, preload));
}
rmSync(join(dist, '.vite'), { recursive: true, force: true });
rmSync(ssrDir, { recursive: true, force: true });
console.log(`pre-rendered ${PUBLIC_PAGES.map((p) => p.path).join(', ')} and app.html`);
// The rendered pages' query caches hold 5-minute garbage-collection timers; nothing else is pending.
process.exit(0);
