/** An href inside the archive: the entry path (percent-decoded) and the fragment, if any. */
export interface ArchiveRef {
  path: string;
  fragment?: string;
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/**
 * Resolves an href found in `fromFile` against the archive root; null for external URLs
 * (http:, mailto:, data: ...).
 * @example resolveHref('OEBPS/text/ch1.xhtml', '../images/a%20b.png#x') // { path: 'OEBPS/images/a b.png', fragment: 'x' }
 */
export function resolveHref(fromFile: string, href: string): ArchiveRef | null {
  if (SCHEME.test(href)) return null;
  const hash = href.indexOf('#');
  const rawPath = hash < 0 ? href : href.slice(0, hash);
  const fragment = hash < 0 ? undefined : safeDecode(href.slice(hash + 1));
  const query = rawPath.indexOf('?');
  const pathPart = safeDecode(query < 0 ? rawPath : rawPath.slice(0, query));
  if (pathPart === '') return { path: fromFile, ...(fragment !== undefined && { fragment }) };
  const base = pathPart.startsWith('/') ? [] : fromFile.split('/').slice(0, -1);
  for (const segment of pathPart.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') base.pop();
    else base.push(segment);
  }
  return { path: base.join('/'), ...(fragment !== undefined && { fragment }) };
}

/**
 * The href that leads from `fromFile` to the archive path `to`, percent-encoded for use in markup.
 * @example relativeHref('OEBPS/text/ch1.xhtml', 'OEBPS/images/a b.png') // '../images/a%20b.png'
 */
export function relativeHref(fromFile: string, to: string): string {
  const from = fromFile.split('/').slice(0, -1);
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...up, ...target.slice(common)].map((s) => (s === '..' ? s : encodeURIComponent(s))).join('/');
}

export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash + 1);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
