/**
 * The URL of a contract path: `:name` segments filled from params (encoded), query appended
 * (undefined values dropped, arrays repeated).
 * @example buildUrl('/api/v1', '/books/:id/', { id: 'b1' }, { page: 1 }) // '/api/v1/books/b1/?page=1'
 */
export function buildUrl(
  baseUrl: string,
  path: string,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${filled}${qs ? `?${qs}` : ''}`;
}
