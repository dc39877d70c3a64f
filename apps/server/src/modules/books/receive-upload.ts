import { randomUUID } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@booktranslate/contract';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import type { UploadPart } from './upload-input';

/** Where an upload is streamed: the storage driver writes the stream without buffering it whole. */
export type UploadSink = Pick<Storage, 'put' | 'delete'>;

export interface ReceivedUpload {
  key: string;
  filename: string;
  size: number;
  /** The first bytes, for sniffing the type of files too large to read back whole. */
  head: Uint8Array;
  fields: Record<string, string>;
}

const HEAD_BYTES = 64 * 1024;

/** Multipart limits of a book upload: one file of at most 100 MiB and a few small fields. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 10,
  parts: 12,
  fieldSize: 4096,
  headerPairs: 100,
};

/**
 * Streams the one file of a multipart upload straight to storage under a generated key (the
 * uploader's name is display data only), counting bytes on the way: past 100 MiB the parser stops
 * reading and the stored part is removed before answering 413. Text fields may come before or after
 * the file. Nothing is left behind when this throws.
 */
export async function receiveUpload(
  parts: AsyncIterable<UploadPart>,
  sink: UploadSink,
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.name] = part.value;
        continue;
      }
      if (received || part.name !== 'file') {
        part.stream.resume();
        throw new AppError('VALIDATION_ERROR', 'Send exactly one file, in the field "file"');
      }
      const key = `originals/${randomUUID()}`;
      const counter = countBytes();
      received = { key, filename: cleanFilename(part.filename), size: 0, head: new Uint8Array() };
      // pipeline(), not pipe(): a client that goes away mid-file fails the part's stream, and that
      // failure has to reach the store's write so it closes its file and removes what it wrote.
      // pipeline(), not pipe(): a client that goes away mid-file fails the part's stream, and that
      // failure has to reach the store's write so it closes its file and removes what it wrote.
      pipeline(part.stream, counter.stream, () => {});
      await sink.put(key, counter.stream, { contentType: 'application/octet-stream' });
      if (part.truncated() || counter.size > MAX_UPLOAD_BYTES) throw tooLarge();
      received.size = counter.size;
      received.head = counter.head();
    }
  } catch (error) {
    if (received) await sink.delete(received.key).catch(() => {});
    if (isTooLarge(error)) throw tooLarge();
    throw error;
  }
  if (!received) throw new AppError('VALIDATION_ERROR', 'The field "file" with a book is required');
  if (received.size === 0) {
    await sink.delete(received.key).catch(() => {});
    throw new AppError('UNPROCESSABLE', `The file "${received.filename}" is empty`, { reason: 'empty' });
  }
  return { ...received, fields };
}

function countBytes() {
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (kept < HEAD_BYTES) {
        chunks.push(chunk.subarray(0, HEAD_BYTES - kept));
        kept += Math.min(chunk.length, HEAD_BYTES - kept);
      }
      done(null, chunk);
    },
  });
  return {
    stream,
    get size() {
      return size;
    },
    head: () => new Uint8Array(Buffer.concat(chunks)),
  };
}

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
}

function isTooLarge(error: unknown): boolean {
  const e = error as { code?: string; statusCode?: number } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.code === 'PAYLOAD_TOO_LARGE' || e?.statusCode === 413;
}

/** The uploader's file name, for display: no path, no control or bidi characters, at most 200 characters. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (clean || 'book').slice(-200);
}
