import { isRtl } from './text-direction';
import { escapeAttr, escapeText } from './xml-query';

/**
 * A complete XHTML page holding the partial-translation notice, for EPUB 3 (HTML5 syntax) or EPUB 2
 * (XHTML 1.1). Each line of the notice becomes a paragraph.
 * @example noticePage('Only the first chapters were translated.', 'es', 3)
 */
export function noticePage(
  notice: string,
  language: string | null,
  version: 2 | 3,
  title = 'Notice',
): string {
  const lang = language ? escapeAttr(language) : '';
  const dir = isRtl(language) ? ' dir="rtl"' : '';
  const langAttrs = lang
    ? version === 3
      ? ` lang="${lang}" xml:lang="${lang}"`
      : ` xml:lang="${lang}"`
    : '';
  const paragraphs = notice
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p class="bt-notice">${escapeText(line)}</p>`)
    .join('\n');
  const head =
    version === 3
      ? '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"'
      : '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"';
  return `${head}${langAttrs}${dir}>
<head><title>${escapeText(title)}</title><style type="text/css">.bt-notice{font-style:italic;margin:2em 1em}</style></head>
<body>
${paragraphs}
</body>
</html>
`;
}
