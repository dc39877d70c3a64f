/// <reference path="./pdfjs-worker.d.ts" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | undefined;

/**
 * pdf.js with its worker running in this thread: the worker module is imported here and handed to
 * pdf.js as `globalThis.pdfjsWorker`, so pdf.js never looks for a worker file beside itself (there is
 * none in the CLI bundle, and the sandbox child needs no thread of its own).
 * @example const pdfjs = await loadPdfJs(); pdfjs.getDocument({ data })
 */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loading;
}

let dataDir: { cMapUrl?: string; standardFontDataUrl?: string } | undefined;

/**
 * The character maps and standard font metrics that pdfjs-dist ships, as local file URLs: pdf.js
 * reads them from disk (CJK text needs the maps) and never from the network. Where the package's
 * folder cannot be found (an unusual install), both are left out and such text is lost, not fetched.
 */
export function pdfJsDataUrls(): { cMapUrl?: string; standardFontDataUrl?: string } {
  if (dataDir) return dataDir;
  try {
    const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    dataDir = {
      cMapUrl: `${pathToFileURL(path.join(root, 'cmaps')).href}/`,
      standardFontDataUrl: `${pathToFileURL(path.join(root, 'standard_fonts')).href}/`,
    };
  } catch {
    dataDir = {};
  }
  return dataDir;
}
