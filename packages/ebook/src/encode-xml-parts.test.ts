import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { encodeXmlParts } from './encode-xml-parts';

describe('encodeXmlParts', () => {
  it('writes text as UTF-8 and bytes as base64, in order', () => {
    const bytes = encodeXmlParts(['<p>ещё 😀</p><b>', { base64: new Uint8Array([104, 105]) }, '</b>']);
    expect(new TextDecoder().decode(bytes)).toBe('<p>ещё 😀</p><b>aGk=</b>');
  });

  it('gives the base64 of the whole for bytes longer than one slice, whatever their length', () => {
    for (const length of [49151, 49152, 49153, 150001]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 7919) % 251);
      const text = new TextDecoder().decode(encodeXmlParts(['<x>', { base64: data }, '</x>']));
      expect(text).toBe(`<x>${Buffer.from(data).toString('base64')}</x>`);
    }
  });

  it('encodes a view into a larger buffer from its own offset', () => {
    const view = new Uint8Array([0, 1, 2, 3, 4, 5]).subarray(2, 5);
    expect(new TextDecoder().decode(encodeXmlParts([{ base64: view }]))).toBe('AgME');
  });
});
