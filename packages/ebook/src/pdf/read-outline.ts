/** An outline (bookmark) entry and the place on a page it leads to. */
export interface OutlineMark {
  title: string;
  /** Page number from 1. */
  page: number;
  /** Height on the page the entry scrolls to, or null for the top of the page. */
  y: number | null;
  /** 1 for a top-level entry. */
  depth: number;
}

/** The parts of pdf.js's document the outline needs. */
export interface OutlineSource {
  getOutline(): Promise<OutlineNode[] | null>;
  getDestination(id: string): Promise<unknown[] | null>;
  getPageIndex(ref: { num: number; gen: number }): Promise<number>;
}

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

const MAX_MARKS = 5_000;
const MAX_DEPTH = 3;

/**
 * The outline's entries in order, each with its page and height: calibre and most typesetters
 * write one entry per chapter. Entries that lead nowhere (a web link, a broken destination) are
 * left out; past 5,000 entries or three levels deep the rest are left out too.
 * @example await readOutline(doc) // [{ title: 'Down the Rabbit-Hole', page: 3, y: 702, depth: 1 }, ...]
 */
export async function readOutline(doc: OutlineSource, pageCount: number): Promise<OutlineMark[]> {
  const marks: OutlineMark[] = [];
  let roots: OutlineNode[] | null = null;
  try {
    roots = await doc.getOutline();
  } catch {
    return marks;
  }
  const walk = async (nodes: OutlineNode[], depth: number): Promise<void> => {
    for (const node of nodes) {
      if (marks.length >= MAX_MARKS) return;
      const place = await resolve(doc, node.dest, pageCount);
      const title = String(node.title ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      if (place && title) marks.push({ title, depth, ...place });
      if (depth < MAX_DEPTH && Array.isArray(node.items)) await walk(node.items, depth + 1);
    }
  };
  await walk(roots ?? [], 1);
  return marks;
}

async function resolve(
  doc: OutlineSource,
  dest: OutlineNode['dest'],
  pageCount: number,
): Promise<{ page: number; y: number | null } | null> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const [target, kind] = explicit as [unknown, { name?: string } | undefined];
    let index: number | null = null;
    if (typeof target === 'number') index = target;
    else if (target && typeof target === 'object' && 'num' in target)
      index = await doc.getPageIndex(target as { num: number; gen: number });
    if (index === null || !Number.isInteger(index) || index < 0 || index >= pageCount) return null;
    // XYZ left top zoom; FitH/FitBH top: the height the view scrolls to.
    const name = kind?.name;
    const top = name === 'XYZ' ? explicit[3] : name === 'FitH' || name === 'FitBH' ? explicit[2] : null;
    return { page: index + 1, y: typeof top === 'number' && Number.isFinite(top) ? top : null };
  } catch {
    return null;
  }
}
