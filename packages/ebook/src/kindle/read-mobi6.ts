import { Buffer } from 'node:buffer';
import { checkChapters } from '../structure-limits';
import { htmlToXhtml } from './html-to-xhtml';
import type { KindleImages } from './kindle-images';
import { type MobiHeader, NULL_INDEX } from './mobi-header';
import { anchorFilepos } from './mobi6-anchors';
import type { PalmDb } from './palm-db';
import { readIndex } from './read-index';
import type { KindleContent } from './read-kf8';
import { readNcx } from './read-ncx';
import { readText } from './read-text';

const PAGEBREAK = /<\s*mbp:pagebreak[^<>]*>/gi;

/**
 * Reads a MOBI 6 book: one HTML text with `<mbp:pagebreak/>` between chapters, `filepos=NNN` links
 * (byte offsets into the text) and `recindex="NNNNN"` images. Ids are put where links point, the
 * text is cut at the page breaks, and each piece becomes a well-formed XHTML document whose links
 * say `partNNNN.xhtml#id`.
 * @example readMobi6(db, header, images).docs.length // one per page break, plus one
 */
export function readMobi6(db: PalmDb, header: MobiHeader, images: KindleImages): KindleContent {
  const decoder = new TextDecoder(header.encoding);
  const raw = Buffer.from(readText(db, header, 0)).toString('latin1');
  const index = header.ncxIndex === NULL_INDEX ? undefined : readIndex(db, header.ncxIndex, decoder);
  const tocPositions = (index?.entries ?? []).flatMap((entry) => entry.tags.get(1)?.slice(0, 1) ?? []);
  const { text, anchors } = anchorFilepos(raw, tocPositions);
  const pieces = text.split(PAGEBREAK);
  checkChapters(pieces.length);
  const path = (i: number) => `part${String(i).padStart(4, '0')}.xhtml`;
  // Which piece each id ended up in, so a link names the right document.
  const home = new Map<string, string>();
  pieces.forEach((piece, i) => {
    for (const match of piece.matchAll(/<[^<>]*?\sid\s*=\s*["']?([^"'\s>]+)/gi))
      if (match[1] && !home.has(match[1])) home.set(match[1], path(i));
  });
  const target = (position: number) => {
    const id = anchors.get(position);
    const file = id && home.get(id);
    return file ? { path: file, anchor: id } : undefined;
  };
  const docs = pieces.map((piece, i) => ({
    path: path(i),
    xhtml: htmlToXhtml(decoder.decode(Buffer.from(piece, 'latin1')), (name, attrs) => {
      const { filepos, recindex, hirecindex, lorecindex, ...rest } = attrs;
      if (filepos !== undefined && name === 'a') {
        const to = target(Number.parseInt(filepos, 10));
        if (to) rest.href = `${to.path}#${to.anchor}`;
      }
      const image = recindex ?? hirecindex ?? lorecindex;
      if (image !== undefined && name === 'img') {
        const resource = images.get(Number.parseInt(image, 10));
        if (resource) rest.src = resource.href;
      }
      return rest;
    }),
  }));
  const toc = index ? readNcx(index, (tags) => target(tags.get(1)?.[0] ?? -1)) : [];
  return { docs, toc, resources: [] };
}
