// Characters XML 1.0 forbids outright (C0 controls except tab, newline, carriage return).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * Escapes text for XML content and attribute values, dropping characters XML cannot hold.
 * @example escapeXml('a < b & "c"') // 'a &lt; b &amp; &quot;c&quot;'
 */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
