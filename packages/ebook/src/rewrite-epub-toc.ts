import { applyEdits, type SourceEdit, setAttributes, setContent } from './edit-source';
import { languageEdits } from './language-edits';
import type { XmlDocument } from './xml-dom';
import { childElements, descendants, escapeText, labelText } from './xml-query';

export interface TocChanges {
  labels: Map<string, string>;
  language: string | null;
  title?: string;
  version: 2 | 3;
}

/**
 * The navigation document with translated link labels and nav headings (matched by their original
 * text) and the target language; everything else untouched.
 * @example rewriteNav(navDoc, { labels: new Map([['Chapter 1', 'Capítulo 1']]), language: 'es', version: 3 })
 */
export function rewriteNav(doc: XmlDocument, changes: TocChanges): string {
  const edits: SourceEdit[] = changes.language
    ? languageEdits(doc.root, changes.language, changes.version)
    : [];
  const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
  for (const nav of descendants(doc.root, 'nav'))
    for (const label of [
      // A heading whose words sit in a link or span is translated through them, not twice over.
      ...headings
        .flatMap((name) => descendants(nav, name))
        .filter((heading) => descendants(heading, 'a').length + descendants(heading, 'span').length === 0),
      ...descendants(nav, 'a'),
      ...descendants(nav, 'span'),
    ]) {
      const replacement = changes.labels.get(labelText(label));
      if (replacement !== undefined) edits.push(setContent(label, escapeText(replacement)));
    }
  return applyEdits(doc.source, edits);
}

/**
 * The NCX with translated navLabels and docTitle, and its xml:lang set to the target (added when
 * labels were translated and the source had none).
 * @example rewriteNcx(ncxDoc, { labels, language: 'es', title: 'Las aventuras', version: 2 })
 */
export function rewriteNcx(doc: XmlDocument, changes: TocChanges): string {
  const edits: SourceEdit[] = [];
  // Translated labels are in the target language now: say so, also where the source declared none.
  const relabelled = changes.labels.size > 0 || changes.title !== undefined;
  if (changes.language && ('xml:lang' in doc.root.attrs || relabelled)) {
    const edit = setAttributes(doc.root, { 'xml:lang': changes.language });
    if (edit) edits.push(edit);
  }
  const docTitle = descendants(doc.root, 'docTitle')[0];
  const docTitleText = docTitle && childElements(docTitle, 'text')[0];
  if (docTitleText && changes.title) edits.push(setContent(docTitleText, escapeText(changes.title)));
  for (const label of descendants(doc.root, 'navLabel')) {
    const text = childElements(label, 'text')[0];
    const replacement = text && changes.labels.get(labelText(text));
    if (text && replacement !== undefined) edits.push(setContent(text, escapeText(replacement)));
  }
  return applyEdits(doc.source, edits);
}
