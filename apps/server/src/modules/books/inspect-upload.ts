import { sourceFormatOfName } from '@booktranslate/contract';
import { type BookFormat, EbookError, formatRow, isEbookError, sniffFormat } from '@booktranslate/ebook';
import type { BookSummary, SandboxLane } from '@booktranslate/ebook/sandbox';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { loadOriginal } from './load-original';
import type { ReceivedUpload } from './receive-upload';
import { unreadableBookReason } from './unreadable-book';
import { knownUploadExtensions, uploadFormatsAdvice, zipFormatOfName } from './upload-formats';

/**
 * Books up to this size are read completely while the upload request is open, so a hostile or
 * unreadable one is refused with 422 and leaves nothing behind. Larger ones (rare: 16 MiB of text is
 * several novels) are only sniffed here and fully read by the parsing step (decision 081).
 */
export const INLINE_PARSE_BYTES = 16 * 1024 * 1024;

/**
 * Decides the format from the bytes (415 for anything else, or when the name claims another
 * format than the bytes are) and reads small books (422 with the reason when they cannot be read).
 * Reading happens in the book sandbox: a child process with a memory and time budget, so a hostile
 * file costs its own child, never this process (decisions 110, 210).
 */
export async function inspectUpload(
  upload: ReceivedUpload,
  storage: Pick<Storage, 'get' | 'stat'>,
  /** The sandbox's slots to wait for: a quote takes its own lane, never an upload's (decision 212). */
  options: { lane?: SandboxLane } = {},
): Promise<{ format: BookFormat; book: BookSummary | null }> {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(upload.filename)?.[1]?.toLowerCase();
  if (extension === 'doc')
    throw refusal(new EbookError('legacy-doc', 'Word 97-2003 documents (.doc) are not read'));
  if (extension && !knownUploadExtensions.has(extension))
    throw unsupported(`.${extension} files are not supported`);
  const inline = upload.size <= INLINE_PARSE_BYTES;
  // The format the name claims ('.fb2.zip' is FB2, '.azw' AZW3); a bare '.zip' claims none.
  const claimed = sourceFormatOfName(upload.filename);
  const checked = (format: BookFormat): BookFormat => {
    // AZW3 and MOBI are one container: the name decides between them, never against the bytes.
    const kindle = (id: string | undefined) => id === 'azw3' || id === 'mobi';
    if (claimed && claimed !== format && !(kindle(claimed) && kindle(format))) {
      const name = upload.filename.slice(upload.filename.lastIndexOf('.'));
      throw unsupported(`The file is named ${name} but its content is ${formatRow(format).name}`);
    }
    return format;
  };
  if (!inline) {
    let format: BookFormat;
    try {
      format = sniffHead(upload.head, upload.filename);
    } catch (error) {
      throw refusal(error);
    }
    return { format: checked(format), book: null };
  }
  let format: BookFormat | undefined;
  try {
    const book = await loadOriginal(
      { files: storage },
      { originalKey: upload.key, originalFilename: upload.filename },
      {
        as: 'summary',
        ...options,
        // The name is checked against the bytes before any parsing.
        afterRead: (bytes) => {
          format = checked(sniffFormat(bytes, upload.filename));
        },
      },
    );
    return { format: format as BookFormat, book };
  } catch (error) {
    throw refusal(error);
  }
}

/** Type of a large file from its first bytes: a zip is taken as EPUB (or zipped FB2) until parsed. */
function sniffHead(head: Uint8Array, filename: string): BookFormat {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) {
    return zipFormatOfName(filename);
  }
  return sniffFormat(head, filename);
}

function refusal(error: unknown): unknown {
  if (!isEbookError(error)) return error;
  if (error.code === 'wrong-format') return unsupported(unreadableBookReason(error));
  return new AppError('UNPROCESSABLE', unreadableBookReason(error), { reason: error.code });
}

function unsupported(message: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `${message}. ${uploadFormatsAdvice}`);
}
