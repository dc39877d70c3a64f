import type { BookMetadata, Chapter } from '../model';
import { readableText } from '../readable-text';
import type { XmlDocument } from '../xml-dom';
import { childElements, labelText, localName } from '../xml-query';

/**
 * Title, authors and language of a Word document: its core properties (`docProps/core.xml`), else
 * the first Title-style paragraph, then the file name, for the title; the default run language of
 * styles.xml when the properties name none.
 * @example readDocxMetadata(core, chapters, 'en-GB', 'essay.docx').language // 'en-GB'
 */
export function readDocxMetadata(
  core: XmlDocument | null,
  chapters: Chapter[],
  defaultLanguage: string | undefined,
  titleBlock: string | undefined,
  filename?: string,
): BookMetadata {
  const field = (name: string) => {
    if (!core) return undefined;
    const el = childElements(core.root).find((node) => localName(node.name) === name);
    const text = el ? labelText(el) : '';
    return text || undefined;
  };
  const stem = filename?.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  const firstHeading = chapters[0]?.blocks.find((block) => block.kind === 'heading');
  const headingText = firstHeading && readableText(firstHeading.text, firstHeading.inlines).trim();
  const title = field('title') ?? titleBlock ?? (stem || undefined) ?? (headingText || 'Untitled');
  const creator = field('creator');
  const description = field('description');
  const date = field('created');
  const identifier = field('identifier');
  return {
    title,
    authors: creator ? creator.split(/\s*;\s*/).filter(Boolean) : [],
    language: field('language') ?? defaultLanguage ?? null,
    identifiers: identifier ? [{ value: identifier }] : [],
    ...(description && { description }),
    ...(date && { date }),
  };
}
