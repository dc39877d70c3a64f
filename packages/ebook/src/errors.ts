/** Why a book could not be read or written. The server maps every code to a 4xx answer. */
export type EbookErrorCode =
  | 'drm' // encrypted content (encryption.xml with content ciphers, Adobe/Apple rights, Kindle DRM)
  | 'encrypted' // a password-protected PDF or DOCX
  | 'scanned' // a PDF of page images without a text layer
  | 'legacy-doc' // a Word 97-2003 .doc file
  | 'archive-bomb' // uncompressed size, ratio or entry count over the caps
  | 'unsafe-path' // an entry escaping the archive root (zip slip), absolute path, backslash tricks
  | 'doctype' // XML with DOCTYPE or entity declarations: refused, never expanded
  | 'no-text' // nothing translatable
  | 'wrong-format' // the bytes are not what the extension or caller says
  | 'corrupt' // a broken archive, missing container.xml or OPF, malformed XML beyond repair
  | 'unsupported' // a format or feature we do not read
  | 'too-complex' // more nesting, chapters, blocks or attributes than any book has
  | 'resource-limit'; // reading needed more memory or time than the sandbox allows

export class EbookError extends Error {
  readonly code: EbookErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: EbookErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'EbookError';
    this.code = code;
    if (details) this.details = details;
  }
}

export function isEbookError(error: unknown): error is EbookError {
  return error instanceof EbookError;
}
