import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff-image';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage', () => {
  it('knows JPEG, PNG, GIF, WebP and SVG by their bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))?.extension).toBe('png');
    expect(sniffImage(bytes('GIF89a'))?.contentType).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.contentType).toBe('image/webp');
    expect(
      sniffImage(
        bytes(
          [0xef, 0xbb, 0xbf],
          '<?xml version="1.0"?>\n<!-- by hand -->\n<!DOCTYPE svg PUBLIC "x" "y">\n<svg width="1">',
        ),
      )?.contentType,
    ).toBe('image/svg+xml');
  });

  it('refuses HTML, text and anything that only mentions an image', () => {
    expect(sniffImage(bytes('<!doctype html><html><svg></svg></html>'))).toBeNull();
    expect(sniffImage(bytes('<html><body><img src="x.png"></body></html>'))).toBeNull();
    expect(sniffImage(bytes('just text about GIF89a'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
