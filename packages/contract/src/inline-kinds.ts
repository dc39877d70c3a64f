/**
 * The kinds of inline markup a passage carries, and each in words. No zod here: the web app imports
 * this file on its own (`@booktranslate/contract/inline-kinds`) to keep the schemas out of its bundle.
 */
export const inlineKinds = [
  'emphasis',
  'strong',
  'link',
  'noteref',
  'ruby',
  'span',
  'linebreak',
  'code',
  'superscript',
  'subscript',
  'strikethrough',
  'image',
  'other',
] as const;
export type InlineKindName = (typeof inlineKinds)[number];

/** Each inline kind in words, for the editor's legend and the server's refusals ("<g1>…</g1> (emphasis)"). */
export const inlineKindWords: Record<InlineKindName, string> = {
  emphasis: 'emphasis',
  strong: 'bold',
  link: 'link',
  noteref: 'note reference',
  ruby: 'ruby annotation',
  span: 'styled text',
  linebreak: 'line break',
  code: 'code',
  superscript: 'superscript',
  subscript: 'subscript',
  strikethrough: 'struck-through text',
  image: 'image',
  other: 'inline element',
};
