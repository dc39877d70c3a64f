import type { Kf8Layout, Kf8Part } from './kf8-parts';
import type { KindleImages } from './kindle-images';

/** Where a `kindle:pos` position lands: a file and, when it has one, the id of the element there. */
export interface Kf8Target {
  path: string;
  anchor?: string;
}

const POS = /kindle:pos:fid:([0-9A-Va-v]{1,8}):off:([0-9A-Va-v]{1,12})/g;
const EMBED = /kindle:embed:([0-9A-Va-v]{1,8})(?:\?mime=[\w/+.-]*)?/g;
const FLOW = /kindle:flow:([0-9A-Va-v]{1,8})(?:\?mime=[\w/+.-]*)?/g;
const ID = /\s(?:id|name)\s*=\s*(["'])([^"'<>]*)\1/i;
/** How far around a link's position its target tag is looked for. */
const WINDOW = 8192;
const AID = /\said\s*=\s*(["'])([^"'<>]*)\1/i;

/**
 * Resolves the `kindle:` addresses of a rebuilt KF8 text: `kindle:pos:fid:…:off:…` to
 * `partNNNN.xhtml#id` (the id of the element at that position, or one made from its `aid`),
 * `kindle:embed:NNNN` to the image's path, `kindle:flow:NNNN` to an SVG flow's path. Returns each
 * part's text with the links rewritten and Kindle's `aid` attributes dropped.
 */
export class Kf8Links {
  /** Per part: the `aid`s that links point to, which get an id of their own. */
  private readonly linkedAids = new Map<Kf8Part, Set<string>>();

  constructor(
    private readonly layout: Kf8Layout,
    private readonly images: KindleImages,
  ) {}

  /** The file and element at `kindle:pos:fid:FID:off:OFF`, or undefined when it lands nowhere. */
  target(fid: number, offset: number): Kf8Target | undefined {
    const fragment = this.layout.fragments[fid];
    return fragment && this.at(fragment.insertAt + offset);
  }

  /** The file and element at a position of the text (the NCX counts some entries so). */
  at(position: number): Kf8Target | undefined {
    const part = this.partAt(position);
    if (!part) return undefined;
    const anchor = this.anchorIn(part, position - part.start);
    return anchor ? { path: part.path, anchor } : { path: part.path };
  }

  /** The parts' texts with every `kindle:` address resolved; call after every `target` lookup. */
  rewrite(): string[] {
    // Targets first, for every part, so the ids they need exist before any part is rewritten.
    const linked = this.layout.parts.map((part) =>
      part.text.replace(POS, (_m, fid, off) => this.href(fid, off)),
    );
    return linked.map((text, i) => {
      const part = this.layout.parts[i] as Kf8Part;
      const aids = this.linkedAids.get(part);
      const withIds = aids
        ? text.replace(/<[a-zA-Z][^<>]*\said\s*=\s*(["'])([^"'<>]*)\1[^<>]*>/g, (tag, _q, aid: string) =>
            aids.has(aid) && !ID.test(tag)
              ? tag.replace(/^<[\w:.-]+/, (name) => `${name} id="aid-${aid}"`)
              : tag,
          )
        : text;
      return withIds
        .replace(/\said\s*=\s*(["'])[^"'<>]*\1/g, '')
        .replace(EMBED, (m, n: string) => this.images.get(Number.parseInt(n, 32))?.href ?? m)
        .replace(FLOW, (m, n: string) =>
          isSvgFlow(this.layout.flows[Number.parseInt(n, 32)]) ? svgFlowPath(n) : m,
        );
    });
  }

  private href(fid: string, off: string): string {
    const target = this.target(Number.parseInt(fid, 32), Number.parseInt(off, 32));
    if (!target) return '#';
    return target.anchor ? `${target.path}#${target.anchor}` : target.path;
  }

  private partAt(position: number): Kf8Part | undefined {
    const parts = this.layout.parts;
    let lo = 0;
    let hi = parts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const part = parts[mid] as Kf8Part;
      if (position < part.start) hi = mid - 1;
      else if (position >= part.end) lo = mid + 1;
      else return part;
    }
    return undefined;
  }

  // The element a position points at: the tag that starts there (or holds it), else the nearest
  // tag before it. Its id if it has one; else its `aid`, which gets an id of its own.
  private anchorIn(part: Kf8Part, offset: number): string | undefined {
    // A window around the position: a crafted file's thousands of links never each scan a whole file.
    const from = Math.max(0, offset - WINDOW);
    const text = part.text.slice(from, offset + WINDOW);
    const at = offset - from;
    const open = text.lastIndexOf('<', at);
    const close = text.lastIndexOf('>', at - 1);
    // Inside a tag (or at its '<'): that tag; in text: the next tag, where the target element starts.
    const tagStart = open > close ? open : text.indexOf('<', at);
    if (tagStart < 0) return undefined;
    let tagEnd = text.indexOf('>', tagStart);
    if (tagEnd < 0) return undefined;
    let tag = text.slice(tagStart, tagEnd + 1);
    // An end tag: the element it closes is over; the next start tag is the target.
    if (tag.startsWith('</')) {
      const nextStart = text.indexOf('<', tagEnd);
      tagEnd = nextStart < 0 ? -1 : text.indexOf('>', nextStart);
      if (tagEnd < 0) return undefined;
      tag = text.slice(nextStart, tagEnd + 1);
    }
    const id = ID.exec(tag)?.[2];
    if (id) return id;
    const aid = AID.exec(tag)?.[2];
    if (!aid) return undefined;
    const aids = this.linkedAids.get(part) ?? new Set<string>();
    aids.add(aid);
    this.linkedAids.set(part, aids);
    return `aid-${aid}`;
  }
}

/** Whether a flow other than the text is an SVG image (the others are stylesheets). */
export function isSvgFlow(flow: string | undefined): boolean {
  return flow !== undefined && /<svg[\s>]/i.test(flow);
}

/** Where an SVG flow is kept among the book's resources. */
export function svgFlowPath(n: string | number): string {
  const number = typeof n === 'number' ? n : Number.parseInt(n, 32);
  return `flows/flow${String(number).padStart(4, '0')}.svg`;
}
