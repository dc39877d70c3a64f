import type { SniffInput, SniffVerdict } from './sniff-input';

const latin1 = new TextDecoder('latin1');

/** A zip with the EPUB mimetype or a container.xml; a zip with a mimetype or XHTML/OPF files at least. */
export function sniffEpub(input: SniffInput): SniffVerdict {
  if (input.kind !== 'zip') return false;
  const { zip } = input;
  const mimetype = zip.get('mimetype');
  if (mimetype && mimetype.size < 100) {
    const value = latin1.decode(zip.read(mimetype)).trim();
    if (value === 'application/epub+zip') return 'yes';
  }
  if (zip.get('META-INF/container.xml')) return 'yes';
  // A zip that lacks both markers but holds EPUB's parts is a broken EPUB rather than some other file.
  if (mimetype || zip.entries.some((e) => /\.(x?html?|opf)$/i.test(e.name))) return 'fallback';
  return false;
}
