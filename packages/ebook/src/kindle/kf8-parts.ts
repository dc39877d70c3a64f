import { EbookError } from '../errors';
import { corruptKindle } from './kindle-limits';

/** Characters copied while files are put together from their fragments: some 40 times Besy's. */
const MAX_COPY_WORK = 1 << 30;

import type { MobiHeader } from './mobi-header';
import { NULL_INDEX } from './mobi-header';
import type { PalmDb } from './palm-db';
import { type Decoder, readIndex } from './read-index';

/** One XHTML file of a KF8 book as rebuilt, its text one character per byte (latin1). */
export interface Kf8Part {
  path: string;
  /** Where the file's skeleton starts and its last fragment ends in the text. */
  start: number;
  end: number;
  text: string;
}

/** A fragment of the FRAG index: where it was cut out of its file. */
export interface Kf8Fragment {
  insertAt: number;
  length: number;
}

/** The rebuilt files of a KF8 text, its other flows (stylesheets, SVG) and its fragment table. */
export interface Kf8Layout {
  parts: Kf8Part[];
  flows: string[];
  fragments: Kf8Fragment[];
}

/**
 * Splits the KF8 text into its flows (FDST) and rebuilds each XHTML file of flow 0 from its skeleton
 * (SKEL index) and the fragments cut out of it (FRAG index), inserted where the index says. Works on
 * latin1 strings so that every position is the byte offset the indices count in.
 * @example rebuildKf8(db, header, start, text, decoder).parts[0].text // '<?xml …<html …'
 */
export function rebuildKf8(
  db: PalmDb,
  header: MobiHeader,
  start: number,
  raw: string,
  decoder: Decoder,
): Kf8Layout {
  const flows = readFlows(db, header, start, raw);
  const text = flows[0] ?? '';
  if (header.skelIndex === NULL_INDEX || header.fragIndex === NULL_INDEX)
    return { parts: [{ path: 'part0000.xhtml', start: 0, end: text.length, text }], flows, fragments: [] };
  const skeletons = readIndex(db, start + header.skelIndex, decoder).entries;
  const frag = readIndex(db, start + header.fragIndex, decoder).entries;
  const fragments = frag.map((entry) => ({
    insertAt: Number.parseInt(entry.ident, 10),
    length: entry.tags.get(6)?.[1] ?? 0,
  }));
  const parts: Kf8Part[] = [];
  let next = 0;
  let work = 0;
  for (const [i, skeleton] of skeletons.entries()) {
    const count = skeleton.tags.get(1)?.[0] ?? 0;
    const [skelAt = 0, skelLength = 0] = skeleton.tags.get(6) ?? [];
    let base = skelAt + skelLength;
    if (base > text.length || next + count > fragments.length)
      throw corruptKindle('a file of the book lies outside its text');
    let assembled = text.slice(skelAt, base);
    for (let f = 0; f < count; f++) {
      // Each insertion copies the file built so far: a file cut into thousands of fragments by a
      // crafted index would take hours, where a real one has a few dozen.
      work += assembled.length;
      if (work > MAX_COPY_WORK)
        throw new EbookError(
          'too-complex',
          'The book is cut into more pieces than it can be put together from',
        );
      const { insertAt, length } = fragments[next++] as Kf8Fragment;
      const at = insertAt - skelAt;
      if (!Number.isFinite(at) || at < 0 || at > assembled.length || base + length > text.length)
        throw corruptKindle('a fragment of the book lies outside its file');
      assembled = assembled.slice(0, at) + text.slice(base, base + length) + assembled.slice(at);
      base += length;
    }
    parts.push({
      path: `part${String(i).padStart(4, '0')}.xhtml`,
      start: skelAt,
      end: base,
      text: assembled,
    });
  }
  return { parts, flows, fragments };
}

// FDST lists the flows as start and end offsets; without it the whole text is one flow.
function readFlows(db: PalmDb, header: MobiHeader, start: number, raw: string): string[] {
  if (header.fdst === NULL_INDEX || start + header.fdst >= db.count) return [raw];
  const record = db.record(start + header.fdst);
  if (record.length < 12 || String.fromCharCode(...record.subarray(0, 4)) !== 'FDST') return [raw];
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  const count = view.getUint32(8);
  if (12 + count * 8 > record.length) throw corruptKindle('the flow table is cut short');
  const flows: string[] = [];
  for (let i = 0; i < count; i++) {
    const from = view.getUint32(12 + i * 8);
    const to = view.getUint32(16 + i * 8);
    if (from > to || to > raw.length) throw corruptKindle('a flow lies outside the text');
    flows.push(raw.slice(from, to));
  }
  return flows;
}
