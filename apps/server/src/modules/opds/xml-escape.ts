// The product's one XML escaper (packages/ebook/src/escape-xml.ts): text and attribute values of
// every feed go through it, so a hostile title cannot close an element or carry a character XML
// forbids. packages/ebook's entry does not export it; this is the one place that reaches it, so
// moving to `import { escapeXml } from '@booktranslate/ebook'` once it does is one line.
export { escapeXml } from '../../../../../packages/ebook/src/escape-xml';
