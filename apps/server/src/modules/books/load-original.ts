import type { Book } from '@booktranslate/ebook';
import {
  type BookSandbox,
  type BookSummary,
  inspectBookSandboxed,
  openBookSandbox,
  readBookSandboxed,
  type SandboxLane,
} from '@booktranslate/ebook/sandbox';
import { readAllBytes } from '../../storage/read-all-bytes';
import type { Storage } from '../../storage/storage';

/** A stored original (a book row, or an upload still being inspected). */
export interface Original {
  originalKey: string;
  originalFilename: string;
}

/** What the caller wants back: the parsed book, an open sandbox (to write from), or a summary. */
interface Loaded {
  book: Book;
  sandbox: BookSandbox;
  summary: BookSummary;
}

interface LoadOptions<K extends keyof Loaded> {
  as: K;
  /** The sandbox's slots to wait for (decision 212). */
  lane?: SandboxLane;
  /** With `as: 'book'`: the book's raster images to bring back, up to this many bytes. */
  imageBytes?: number;
}

/** Runs between reading and parsing: throws to refuse the bytes, or answers false to stop. */
type AfterRead = (bytes: Uint8Array) => Promise<boolean>;

/**
 * Reads an original from storage and parses it in the book sandbox (decisions 110, 210): the one
 * place that does, so a hostile book always costs a child process, never the caller's. An open
 * sandbox is the caller's to close.
 * @example const book = await loadOriginal(deps, bookRow, { as: 'book' });
 */
export function loadOriginal<K extends keyof Loaded>(
  deps: { files: Pick<Storage, 'get' | 'stat'> },
  original: Original,
  options: LoadOptions<K> & { afterRead: AfterRead },
): Promise<Loaded[K] | null>;
export function loadOriginal<K extends keyof Loaded>(
  deps: { files: Pick<Storage, 'get' | 'stat'> },
  original: Original,
  options: LoadOptions<K> & { afterRead?: (bytes: Uint8Array) => void },
): Promise<Loaded[K]>;
export async function loadOriginal(
  deps: { files: Pick<Storage, 'get' | 'stat'> },
  original: Original,
  options: LoadOptions<keyof Loaded> & { afterRead?: (bytes: Uint8Array) => unknown },
): Promise<Loaded[keyof Loaded] | null> {
  const bytes = await readAllBytes(deps.files, original.originalKey);
  if ((await options.afterRead?.(bytes)) === false) return null;
  const read = {
    filename: original.originalFilename,
    ...(options.lane ? { lane: options.lane } : {}),
  };
  if (options.as === 'sandbox') return openBookSandbox(bytes, read);
  if (options.as === 'summary') return inspectBookSandboxed(bytes, read);
  return readBookSandboxed(bytes, {
    ...read,
    ...(options.imageBytes ? { imageBytes: options.imageBytes } : {}),
  });
}
