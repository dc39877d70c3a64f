import { paragraphMarkup, TINY_PNG, type TinyBookOptions, withDefaults, x } from './tiny-book-content';

export interface TinyMobiOptions extends TinyBookOptions {
  /** 'none' (PalmDOC compression 1, the default) or 'palmdoc' (LZ77, compression 2). */
  compression?: 'none' | 'palmdoc';
  /** The PalmDOC header's encryption type: 2 is Mobipocket DRM. */
  encryption?: number;
  /**
   * An AZW3 file whose records are appended after a BOUNDARY record, EXTH 121 naming the first:
   * a joint file, as `ebook-convert --mobi-file-type both` writes, with this book as its MOBI 6 part.
   */
  kf8?: Uint8Array;
}

const RECORD = 4096;
const encoder = new TextEncoder();

/**
 * A small MOBI 6 book made in code: a PalmDB whose record 0 holds the PalmDOC header, the MOBI header
 * and EXTH metadata (title, author, language, publisher, ISBN, date), then text records of HTML, one
 * chapter per `<mbp:pagebreak/>`, each text record ending in two trailing entries (a multibyte byte
 * and one TBS entry) as kindlegen writes them. Chapter 1 ends with a `filepos` link to chapter 2.
 * @example const bytes = makeTinyMobi({ compression: 'palmdoc', cover: true });
 */
export function makeTinyMobi(options: TinyMobiOptions = {}): Uint8Array {
  const book = withDefaults(options);
  const text = encoder.encode(html(book.chapters));
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + RECORD, text.length);
    // A record ends on a character's first byte, never inside a character.
    while (end < text.length && ((text[end] as number) & 0xc0) === 0x80) end--;
    chunks.push(text.subarray(at, end));
    at = end;
  }
  const records = chunks.map((chunk) => {
    const body = options.compression === 'palmdoc' ? compressPalmDoc(chunk) : chunk;
    // A multibyte entry (no bytes of a cut character), then a 4-byte TBS entry whose bytes would
    // read as "tba" if a reader kept them as text.
    return concat([body, Uint8Array.of(0x00, 0x74, 0x62, 0x61, 0x84)]);
  });
  const firstImage = records.length + 1;
  const tail = [...(book.cover ? [new Uint8Array(TINY_PNG)] : []), Uint8Array.of(0xe9, 0x8e, 0x0d, 0x0a)];
  const kf8 = options.kf8 ? [encoder.encode('BOUNDARY'), ...palmRecords(options.kf8)] : [];
  const exth = exthBlock([
    [100, book.author],
    [503, book.title],
    [524, book.language],
    [101, 'Tiny Press'],
    [104, '9780000000002'],
    [106, '2020-01-01'],
    ...(book.cover ? ([[201, u32(0)]] as const) : []),
    ...(options.kf8 ? ([[121, u32(1 + records.length + tail.length + 1)]] as const) : []),
  ]);
  const fullName = encoder.encode(book.title);
  const header = new Uint8Array(16 + 232);
  const view = new DataView(header.buffer);
  view.setUint16(0, options.compression === 'palmdoc' ? 2 : 1);
  view.setUint32(4, text.length);
  view.setUint16(8, records.length);
  view.setUint16(10, RECORD);
  view.setUint16(12, options.encryption ?? 0);
  header.set(encoder.encode('MOBI'), 16);
  view.setUint32(20, 232);
  view.setUint32(24, 2); // a book
  view.setUint32(28, 65001); // UTF-8
  view.setUint32(32, 0x7157);
  view.setUint32(36, 6);
  for (const at of [40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 164, 200, 208, 244])
    view.setUint32(at, 0xffffffff);
  view.setUint32(80, firstImage);
  view.setUint32(84, header.length + exth.length);
  view.setUint32(88, fullName.length);
  view.setUint32(92, 9); // English
  view.setUint32(104, 6);
  view.setUint32(108, book.cover ? firstImage : 0xffffffff);
  view.setUint32(128, 0x50); // EXTH present
  view.setUint16(192, 1);
  view.setUint16(194, records.length);
  view.setUint16(242, 0b11); // a multibyte byte and one TBS entry end each text record
  const record0 = concat([header, exth, fullName, new Uint8Array(4 - (fullName.length % 4) + 4)]);
  return palmDb(book.title, [record0, ...records, ...tail, ...kf8]);
}

function html(chapters: ReturnType<typeof withDefaults>['chapters']): string {
  const marker = '<a filepos=0000000000>';
  const bodies = chapters.map((chapter, i) => {
    const paragraphs = chapter.paragraphs.map((p) => paragraphMarkup(p, 'i')).join('\n');
    const link = i === 0 && chapters.length > 1 ? `\n<p>Turn to ${marker}the next chapter</a>.</p>` : '';
    return `<h2>${x(chapter.title)}</h2>\n${paragraphs}${link}`;
  });
  const head = '<html><head><guide></guide></head><body>\n';
  let out = `${head}${bodies.join('\n<mbp:pagebreak/>\n')}\n</body></html>`;
  // The link says where chapter 2's heading starts, in bytes.
  const second = out.indexOf('<h2>', out.indexOf('<mbp:pagebreak/>'));
  if (second > 0) {
    const at = encoder.encode(out.slice(0, second)).length;
    out = out.replace(marker, `<a filepos=${String(at).padStart(10, '0')}>`);
  }
  return out;
}

/** PalmDOC LZ77: back-references of 3-10 bytes within 2,047, space-letter pairs, literal runs. */
function compressPalmDoc(input: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < input.length; ) {
    let best = 0;
    let distance = 0;
    for (let d = 1; d <= Math.min(i, 2047); d++) {
      let n = 0;
      while (n < 10 && i + n < input.length && input[i + n] === input[i - d + n]) n++;
      if (n > best) [best, distance] = [n, d];
    }
    const byte = input[i] as number;
    const next = input[i + 1];
    if (best >= 3) {
      const pair = 0x8000 | (distance << 3) | (best - 3);
      out.push(pair >> 8, pair & 0xff);
      i += best;
    } else if (byte === 0x20 && next !== undefined && next >= 0x40 && next < 0x80) {
      out.push(next ^ 0x80);
      i += 2;
    } else if ((byte >= 1 && byte <= 8) || byte >= 0x80) {
      let n = 1;
      while (
        n < 8 &&
        i + n < input.length &&
        ((input[i + n] as number) >= 0x80 || (input[i + n] as number) <= 8)
      )
        n++;
      out.push(n, ...input.subarray(i, i + n));
      i += n;
    } else {
      out.push(byte);
      i++;
    }
  }
  return Uint8Array.from(out);
}

function exthBlock(entries: readonly (readonly [number, string | Uint8Array])[]): Uint8Array {
  const records = entries.map(([type, value]) => {
    const data = typeof value === 'string' ? encoder.encode(value) : value;
    const record = new Uint8Array(8 + data.length);
    new DataView(record.buffer).setUint32(0, type);
    new DataView(record.buffer).setUint32(4, record.length);
    record.set(data, 8);
    return record;
  });
  const body = concat(records);
  const padding = (4 - (body.length % 4)) % 4;
  const head = new Uint8Array(12);
  head.set(encoder.encode('EXTH'));
  new DataView(head.buffer).setUint32(4, 12 + body.length + padding);
  new DataView(head.buffer).setUint32(8, records.length);
  return concat([head, body, new Uint8Array(padding)]);
}

function palmDb(title: string, records: Uint8Array[]): Uint8Array {
  const head = new Uint8Array(78 + records.length * 8 + 2);
  const view = new DataView(head.buffer);
  head.set(encoder.encode(title.replace(/[^\x20-\x7e]/g, '_').slice(0, 31)), 0);
  head.set(encoder.encode('BOOKMOBI'), 60);
  view.setUint16(76, records.length);
  let offset = head.length;
  records.forEach((record, i) => {
    view.setUint32(78 + i * 8, offset);
    view.setUint32(78 + i * 8 + 4, i * 2);
    offset += record.length;
  });
  return concat([head, ...records]);
}

// The records of a Palm database, as the table at its start lists them.
function palmRecords(db: Uint8Array): Uint8Array[] {
  const view = new DataView(db.buffer, db.byteOffset, db.byteLength);
  const count = view.getUint16(76);
  const starts = Array.from({ length: count }, (_, i) => view.getUint32(78 + i * 8));
  return starts.map((start, i) => db.subarray(start, starts[i + 1] ?? db.length));
}

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
