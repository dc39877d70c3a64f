import type { XmlElement } from './xml-dom';
import { startTag } from './xml-query';

/** Replace `source.slice(start, end)` with `text`. */
export interface SourceEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies non-overlapping edits to a source string; everything between them is kept byte for byte.
 * @example applyEdits('<p>a</p>', [{ start: 3, end: 4, text: 'b' }]) // '<p>b</p>'
 */
export function applyEdits(source: string, edits: SourceEdit[]): string {
  if (edits.length === 0) return source;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) continue; // overlapping edit: the earlier one wins
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at);
}

/**
 * An edit that rewrites an element's start tag with some attributes set (undefined removes one),
 * or null when nothing changes. Other attributes keep their order and values.
 */
export function setAttributes(
  el: XmlElement,
  changes: Record<string, string | undefined>,
): SourceEdit | null {
  const attrs = { ...el.attrs };
  let changed = false;
  for (const [key, value] of Object.entries(changes)) {
    if (attrs[key] === value) continue;
    changed = true;
    if (value === undefined) delete attrs[key];
    else attrs[key] = value;
  }
  if (!changed) return null;
  const selfClosing = el.openEnd === el.end && el.children.length === 0;
  return { start: el.start, end: el.openEnd, text: startTag(el.name, attrs, selfClosing) };
}

/** An edit replacing an element's content with `text` (already escaped markup). */
export function setContent(el: XmlElement, text: string): SourceEdit {
  return { start: el.openEnd, end: el.closeStart, text };
}
