import type { RawTocEntry } from '../read-epub-toc';
import type { Kf8Target } from './kf8-links';
import type { MobiIndex } from './read-index';

/** TOC levels kept: deeper entries are left out (no real book nests so deep). */
const MAX_DEPTH = 16;

/**
 * The TOC of a Kindle book from its NCX index: each entry's label (a CNCX string), its target (tag 6:
 * fragment and offset in KF8; tag 1: a text position in MOBI 6) and its parent (tag 21).
 * @example readNcx(index, (entry) => ({ path: 'part0001.xhtml', anchor: 'ch1' }))
 */
export function readNcx(
  index: MobiIndex,
  locate: (tags: Map<number, number[]>) => Kf8Target | undefined,
): RawTocEntry[] {
  const nodes = index.entries.map((entry) => {
    const label = index.cncx.get(entry.tags.get(3)?.[0] ?? -1) ?? '';
    const target = locate(entry.tags);
    return {
      label: label.replace(/\s+/g, ' ').trim(),
      target,
      parent: entry.tags.get(21)?.[0],
      children: [] as number[],
    };
  });
  const roots: number[] = [];
  nodes.forEach((node, i) => {
    const parent = node.parent === undefined || node.parent === i ? undefined : nodes[node.parent];
    if (parent) parent.children.push(i);
    else roots.push(i);
  });
  const seen = new Set<number>();
  const build = (ids: number[], depth: number): RawTocEntry[] => {
    const out: RawTocEntry[] = [];
    for (const id of ids) {
      const node = nodes[id];
      if (!node || seen.has(id)) continue;
      seen.add(id);
      const children = depth < MAX_DEPTH ? build(node.children, depth + 1) : [];
      if (!node.target || !node.label) {
        out.push(...children);
        continue;
      }
      out.push({
        title: node.label,
        path: node.target.path,
        ...(node.target.anchor && { fragment: node.target.anchor }),
        children,
      });
    }
    return out;
  };
  return build(roots, 0);
}
