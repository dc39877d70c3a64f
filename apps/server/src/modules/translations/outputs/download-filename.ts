/**
 * The Content-Disposition of a download: the book title and the target language, made safe for
 * every file system (an ASCII fallback plus the RFC 5987 UTF-8 name).
 */
export function downloadFilename(
  title: string,
  language: string,
  extension: string,
  bilingual = false,
): string {
  const clean = title
    .normalize('NFC')
    // Control, bidi-override and path characters never reach a file name.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
    .replace(/^[.\s]+/, '');
  const base = clean || 'translation';
  return `${base} (${language}${bilingual ? ', bilingual' : ''}).${extension}`;
}

export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
