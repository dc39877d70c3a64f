/**
 * The file name a Content-Disposition header names: RFC 6266 `filename*=UTF-8''…` first, then
 * `filename="…"`, else the fallback. Path separators are removed so a name is never a path.
 * @example filenameFromContentDisposition("attachment; filename*=UTF-8''Caf%C3%A9.epub", 'x.epub') // 'Café.epub'
 */
export function filenameFromContentDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    name = plain?.[2]?.replace(/\\(.)/g, '$1') ?? plain?.[1]?.trim();
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe || fallback;
}
