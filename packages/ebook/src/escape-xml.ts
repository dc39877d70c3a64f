// Characters XML 1.0 forbids outright (C0 controls except tab, newline, carriage return), and the
// ones markup needs escaped; one test first, since most text needs nothing.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const SPECIAL_ALL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Escapes text for XML content and attribute values, dropping characters XML cannot hold.
 * @example escapeXml('a < b & "c"') // 'a &lt; b &amp; &quot;c&quot;'
 */
export function escapeXml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(SPECIAL_ALL, (char) => ENTITIES[char] ?? '');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const TEXT_SPECIAL_ALL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * Escapes text for XML content (quotes stay as they are), dropping characters XML cannot hold.
 * @example escapeXmlText('a < "b"\u0001') // 'a &lt; "b"'
 */
export function escapeXmlText(text: string): string {
  if (!TEXT_SPECIAL.test(text)) return text;
  return text.replace(TEXT_SPECIAL_ALL, (char) => ENTITIES[char] ?? '');
}
