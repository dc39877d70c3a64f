import { CreateBookFromUploadRequest, MAX_UPLOAD_BYTES } from '@booktranslate/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { ApiInstance } from '../../plugins/define-module';
import { UPLOAD_LIMITS } from './receive-upload';
import type { UploadInput, UploadPart } from './upload-input';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** 413 from the declared length alone, before one byte of the body is read. */
export async function rejectDeclaredOversize(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  }
}

/** Multipart parsing only where a book is uploaded, with the 100 MiB / one-file limits. */
export async function registerMultipart(app: ApiInstance): Promise<void> {
  // The storage routes may have registered the parser already; each request passes its own limits.
  if (app.hasRequestDecorator('isMultipart')) return;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: UPLOAD_LIMITS,
  });
}

/** POST /books/ and POST /translations/: a multipart upload, or the JSON claim of a direct upload. */
export function uploadInput(request: FastifyRequest): UploadInput {
  if (request.isMultipart()) {
    const declared = Number(request.headers['content-length'] ?? 0) || 0;
    return {
      kind: 'multipart',
      parts: uploadParts(request),
      declaredBytes: Math.max(0, declared - MULTIPART_OVERHEAD),
    };
  }
  const parsed = CreateBookFromUploadRequest.safeParse(request.body);
  return { kind: 'direct', upload: parsed.success ? parsed.data : null };
}

/** The parts of a multipart upload, read lazily (nothing is read before the service asks); 415 otherwise. */
export function multipartUpload(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the book as multipart/form-data');
  return uploadParts(request);
}

async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
    if (part.type === 'field') {
      yield { type: 'field', name: part.fieldname, value: String(part.value) };
      continue;
    }
    const file = part.file;
    yield {
      type: 'file',
      name: part.fieldname,
      filename: part.filename,
      stream: file,
      truncated: () => file.truncated,
    };
  }
}
