import { EbookError } from '../errors';
import { readExth } from './exth';
import { corruptKindle } from './kindle-limits';

/** An index field that names no record. */
export const NULL_INDEX = 0xffffffff;

/** What record 0 of a MOBI or KF8 part says: the PalmDOC header, the MOBI header and its EXTH. */
export interface MobiHeader {
  /** 1 none, 2 PalmDOC, 17480 HUFF/CDIC. */
  compression: number;
  textRecordCount: number;
  /** 65001 UTF-8, 1252 cp1252. */
  encoding: 'utf-8' | 'windows-1252';
  version: number;
  fullName: Uint8Array;
  /** Windows language id and sub-language of the MOBI header's locale. */
  locale: { language: number; region: number };
  /** Absolute record number of the first image or other resource (NULL_INDEX when none). */
  firstResource: number;
  huffRecord: number;
  huffCount: number;
  /** Bit 0: a multibyte trailing entry; each further set bit: one more trailing entry. */
  extraFlags: number;
  /** Record numbers, relative to this part's record 0 (NULL_INDEX when absent). */
  ncxIndex: number;
  fdst: number;
  fragIndex: number;
  skelIndex: number;
  exth: Map<number, Uint8Array[]>;
}

/**
 * Reads record 0. A file whose text is encrypted is refused here, before anything is decompressed.
 * @example readMobiHeader(db.record(0)).textRecordCount
 */
export function readMobiHeader(record: Uint8Array): MobiHeader {
  if (record.length < 24) throw corruptKindle('record 0 is too short');
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  if (view.getUint16(12) !== 0)
    throw new EbookError(
      'drm',
      'This Kindle book is protected by DRM (copy protection); only DRM-free files, such as those made by calibre or sent by the publisher without DRM, can be translated',
    );
  if (String.fromCharCode(...record.subarray(16, 20)) !== 'MOBI')
    throw new EbookError(
      'unsupported',
      'This Palm book has no MOBI header (an old PalmDOC or other e-book); use a MOBI, AZW3 or EPUB file',
    );
  const length = view.getUint32(20);
  const headerEnd = Math.min(record.length, 16 + length);
  // A field past the declared header is absent, whatever bytes follow it.
  const u32 = (at: number, absent = NULL_INDEX) => (at + 4 <= headerEnd ? view.getUint32(at) : absent);
  const codepage = u32(28, 1252);
  const version = u32(36, 1);
  const nameAt = u32(84, 0);
  const nameLength = Math.min(u32(88, 0), 1024);
  const locale = u32(92, 0);
  const kf8 = version >= 8;
  const exthFlags = u32(128, 0);
  return {
    compression: view.getUint16(0),
    textRecordCount: view.getUint16(8),
    encoding: codepage === 65001 ? 'utf-8' : 'windows-1252',
    version,
    fullName: record.subarray(Math.min(nameAt, record.length), Math.min(nameAt + nameLength, record.length)),
    locale: { language: locale & 0xff, region: (locale >> 10) & 0x3f },
    firstResource: u32(108),
    huffRecord: u32(112, 0),
    huffCount: u32(116, 0),
    extraFlags: length >= 0xe4 && version >= 5 && headerEnd >= 244 ? view.getUint16(242) : 0,
    ncxIndex: u32(244),
    fdst: kf8 ? u32(192) : NULL_INDEX,
    fragIndex: kf8 ? u32(248) : NULL_INDEX,
    skelIndex: kf8 ? u32(252) : NULL_INDEX,
    exth: exthFlags & 0x40 ? readExth(record, 16 + length) : new Map(),
  };
}
