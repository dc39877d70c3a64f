import type { InlineKind } from './model';

/** Phrasing elements: they become placeholders inside a block instead of starting a block. */
export const INLINE_KINDS: Record<string, InlineKind> = {
  a: 'link',
  abbr: 'other',
  acronym: 'other',
  b: 'strong',
  bdi: 'span',
  bdo: 'span',
  big: 'span',
  br: 'linebreak',
  cite: 'emphasis',
  code: 'code',
  data: 'span',
  del: 'strikethrough',
  dfn: 'emphasis',
  em: 'emphasis',
  font: 'span',
  i: 'emphasis',
  img: 'image',
  ins: 'span',
  kbd: 'code',
  label: 'span',
  mark: 'span',
  q: 'other',
  rb: 'other',
  rp: 'other',
  rt: 'other',
  ruby: 'ruby',
  s: 'strikethrough',
  samp: 'code',
  small: 'span',
  span: 'span',
  strike: 'strikethrough',
  strong: 'strong',
  sub: 'subscript',
  sup: 'superscript',
  time: 'span',
  tt: 'code',
  u: 'span',
  var: 'emphasis',
  wbr: 'linebreak',
  // Embedded content: kept whole as a standalone placeholder, never translated.
  svg: 'image',
  math: 'other',
  object: 'other',
  iframe: 'other',
  video: 'other',
  audio: 'other',
  input: 'other',
  script: 'other',
  style: 'other',
  button: 'other',
  select: 'other',
  textarea: 'other',
  // Children of <object>, <audio>, <video> that configure them: kept with their host.
  param: 'other',
  source: 'other',
  track: 'other',
  // DTBook (EPUB 2) phrasing; a page number is a marker, never prose.
  sent: 'span',
  w: 'span',
  lic: 'span',
  noteref: 'other',
  annoref: 'other',
  pagenum: 'other',
};

/**
 * Inline elements restored verbatim from the source: no text of theirs is offered for translation
 * (an <object>, <audio> or <video> with fallback text is the exception, see extract-blocks).
 */
export const OPAQUE = new Set([
  'br',
  'wbr',
  'img',
  'svg',
  'math',
  'object',
  'iframe',
  'video',
  'audio',
  'input',
  'script',
  'style',
  'button',
  'select',
  'textarea',
  'param',
  'source',
  'track',
  'pagenum',
]);

/**
 * Block-level subtrees with nothing to translate. SVG is read for its text elsewhere; the fallback
 * content of <object>, <audio> and <video> is read like any other.
 */
export const SKIPPED = new Set(['head', 'script', 'style', 'iframe', 'template', 'noscript']);

/** Elements whose whole content is one block of this kind (when they hold no other blocks). */
export const BLOCK_KINDS: Record<
  string,
  'heading' | 'list-item' | 'table-cell' | 'caption' | 'preformatted' | 'blockquote'
> = {
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  li: 'list-item',
  dt: 'list-item',
  dd: 'list-item',
  td: 'table-cell',
  th: 'table-cell',
  caption: 'caption',
  figcaption: 'caption',
  pre: 'preformatted',
  blockquote: 'blockquote',
};
