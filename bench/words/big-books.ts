import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { corpusFormatsDir } from '@booktranslate/testkit';

const TARGET = 100 * 1024 * 1024;

/**
 * A PDF of about 100 MB: copies of a corpus PDF joined by qpdf (each copy a file of its own, so
 * qpdf shares no fonts or pictures between them). Null without qpdf.
 */
export function bigPdf(out: string): { bytes: number; from: string } | null {
  if (!existsSync('/usr/bin/qpdf')) return null;
  const from = path.join(corpusFormatsDir, 'en-alice-wonderland-calibre.pdf');
  const copies = Math.ceil(TARGET / statSync(from).size);
  const parts: string[] = [];
  for (let i = 0; i < copies; i++) {
    const copy = `${out}.part${i}.pdf`;
    copyFileSync(from, copy);
    parts.push(copy);
  }
  execFileSync('qpdf', ['--empty', '--pages', ...parts, '--', out], { stdio: 'ignore' });
  return { bytes: statSync(out).size, from: `${copies} copies of ${path.basename(from)}` };
}

/**
 * A DOCX of about 100 MB: a corpus DOCX with a large stored (uncompressed, random) media part added,
 * as a document full of photographs is. Python's zipfile appends it.
 */
export function bigDocx(out: string): { bytes: number; from: string } | null {
  if (!existsSync('/usr/bin/python3')) return null;
  const from = path.join(corpusFormatsDir, 'en-sherlock-holmes-calibre.docx');
  copyFileSync(from, out);
  const size = TARGET - statSync(from).size;
  execFileSync('python3', [
    '-c',
    `import os, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], 'a')\nz.writestr('word/media/large-photo.bin', os.urandom(${size}), compress_type=zipfile.ZIP_STORED)\nz.close()`,
    out,
  ]);
  return {
    bytes: statSync(out).size,
    from: `${path.basename(from)} with a ${Math.round(size / 1048576)} MB media part`,
  };
}
