/**
 * `attachment; filename="..."; filename*=UTF-8''...`: an ASCII fallback for old clients and the exact
 * name (any script) for the rest, so a translated title in Cyrillic or CJK downloads under its name.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
