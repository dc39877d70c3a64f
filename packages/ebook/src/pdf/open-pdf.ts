import { EbookError } from '../errors';
import { loadPdfJs, pdfJsDataUrls } from './load-pdfjs';
import { PDF_LIMITS } from './pdf-limits';

type PdfJs = Awaited<ReturnType<typeof loadPdfJs>>;
export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

const ENCRYPTED =
  'This PDF is encrypted (password-protected); open it, save or print it as a PDF without a password and upload that';
const NO_COPYING =
  'This PDF is encrypted and its owner does not allow copying its text; open it, save or print it as a PDF without a password and upload that';
const DAMAGED =
  'This PDF is damaged and cannot be read; open it in a PDF viewer, save it again and upload that';

/**
 * Opens a PDF with pdf.js as a book reader needs it: no scripts compiled (`isEvalSupported`), no
 * fonts installed, nothing fetched but the character maps on disk, images over the pixel bound
 * skipped. Refuses an encrypted PDF that needs a password ('encrypted'), and one whose owner password
 * forbids copying its text ('drm'; one that allows copying is read: its encryption only names an owner),
 * and a damaged one ('corrupt'). The caller's bytes are copied: pdf.js takes over what it is given.
 * Close with `close()` (it ends pdf.js's work on the document).
 * @example const { doc, close } = await openPdf(bytes); try { doc.numPages } finally { await close() }
 */
export async function openPdf(bytes: Uint8Array): Promise<{ doc: PdfDocument; close: () => Promise<void> }> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js 6 compiles nothing from a PDF into code and no longer reads this; kept for any older one.
    ...({ isEvalSupported: false } as object),
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    useWasm: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: PDF_LIMITS.maxImagePixels,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    ...pdfJsDataUrls(),
  });
  const close = () => task.destroy().catch(() => {});
  let doc: PdfDocument;
  try {
    doc = await task.promise;
  } catch (error) {
    await close();
    const name = (error as Error)?.name;
    if (name === 'PasswordException') throw new EbookError('encrypted', ENCRYPTED);
    throw new EbookError('corrupt', DAMAGED, {
      reason: String((error as Error)?.message ?? error).slice(0, 200),
    });
  }
  try {
    if (doc.numPages < 1) throw new EbookError('corrupt', DAMAGED);
    const { info } = (await doc.getMetadata()) as { info?: { EncryptFilterName?: string | null } };
    if (info?.EncryptFilterName) {
      const permissions = await doc.getPermissions();
      if (permissions && !permissions.has(pdfjs.PermissionFlag.COPY)) throw new EbookError('drm', NO_COPYING);
    }
  } catch (error) {
    await close();
    throw error instanceof EbookError ? error : new EbookError('corrupt', DAMAGED);
  }
  return { doc, close };
}
