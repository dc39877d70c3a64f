import type { XmlElement } from './xml-dom';
import { attrByLocal, descendants, labelText } from './xml-query';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * The words of a navigation document besides its table of contents, in document order and each
 * once: every nav's heading ("Contents", "Landmarks", "Page Navigation") and the link labels of the
 * navs that are not the TOC (landmarks; page lists are numbers and drop out). They are translated
 * like TOC labels (`Book.navLabels`).
 * @example navLabels(navDoc.root) // ['Contents', 'Landmarks', 'Begin Reading', 'Page Navigation']
 */
export function navLabels(root: XmlElement): string[] {
  const out = new Set<string>();
  const add = (el: XmlElement) => {
    const text = labelText(el);
    if (/\p{L}/u.test(text)) out.add(text);
  };
  const navs = descendants(root, 'nav');
  const toc = navs.find((nav) => (attrByLocal(nav, 'type') ?? '').split(/\s+/).includes('toc')) ?? navs[0];
  for (const nav of navs) {
    for (const name of HEADINGS) for (const heading of descendants(nav, name)) add(heading);
    if (nav !== toc) for (const link of descendants(nav, 'a')) add(link);
  }
  return [...out];
}
