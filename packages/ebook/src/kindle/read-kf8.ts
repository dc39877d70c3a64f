import { Buffer } from 'node:buffer';
import type { Resource } from '../model';
import type { RawTocEntry } from '../read-epub-toc';
import { isSvgFlow, Kf8Links, svgFlowPath } from './kf8-links';
import { rebuildKf8 } from './kf8-parts';
import type { KindleImages } from './kindle-images';
import { type MobiHeader, NULL_INDEX } from './mobi-header';
import type { PalmDb } from './palm-db';
import { readIndex } from './read-index';
import { readNcx } from './read-ncx';
import { readText } from './read-text';

/** A content document of a Kindle book, ready for the XHTML parser. */
export interface KindleDoc {
  path: string;
  xhtml: string;
}

/** What the KF8 reader hands on: the documents in reading order, the TOC, SVG images from flows. */
export interface KindleContent {
  docs: KindleDoc[];
  toc: RawTocEntry[];
  resources: Resource[];
}

/**
 * Reads the KF8 part whose record 0 is `start`: its text, rebuilt into XHTML files, with links,
 * images and TOC entries resolved to `partNNNN.xhtml#id` and `images/…` paths.
 * @example readKf8(db, header, 0, images).docs[0].xhtml
 */
export function readKf8(db: PalmDb, header: MobiHeader, start: number, images: KindleImages): KindleContent {
  const decoder = new TextDecoder(header.encoding);
  const raw = Buffer.from(readText(db, header, start)).toString('latin1');
  const layout = rebuildKf8(db, header, start, raw, decoder);
  const links = new Kf8Links(layout, images);
  const toc =
    header.ncxIndex === NULL_INDEX
      ? []
      : readNcx(readIndex(db, start + header.ncxIndex, decoder), (tags) => {
          const posFid = tags.get(6);
          if (posFid && posFid.length >= 2) return links.target(posFid[0] as number, posFid[1] as number);
          const position = tags.get(1)?.[0];
          return position === undefined ? undefined : links.at(position);
        });
  const texts = links.rewrite();
  const docs = layout.parts.map((part, i) => ({
    path: part.path,
    xhtml: decoder.decode(Buffer.from(texts[i] ?? '', 'latin1')),
  }));
  const resources: Resource[] = [];
  layout.flows.forEach((flow, n) => {
    if (n > 0 && isSvgFlow(flow))
      resources.push({ href: svgFlowPath(n), mediaType: 'image/svg+xml', data: Buffer.from(flow, 'latin1') });
  });
  return { docs, toc, resources };
}
