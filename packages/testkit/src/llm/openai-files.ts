import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/listen';
import { errorBody } from './openai-shapes';

/** A file the fake holds, in the shape of OpenAI's file object plus its bytes. */
export interface StoredFile {
  id: string;
  object: 'file';
  bytes: number;
  created_at: number;
  filename: string;
  purpose: string;
  status: 'processed';
  content: Buffer;
}

const PURPOSES = new Set(['assistants', 'batch', 'fine-tune', 'vision', 'user_data', 'evals']);
/** An upload above this is refused with 413 (OpenAI's batch input limit is 200 MB). */
const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** The files of one fake server: uploads, and the output and error files its batches write. */
export class FileStore {
  private readonly files = new Map<string, StoredFile>();
  private counter = 0;

  add(content: Buffer, filename: string, purpose: string): StoredFile {
    const id = `file-fake${++this.counter}`;
    const file: StoredFile = {
      id,
      object: 'file',
      bytes: content.length,
      created_at: Math.floor(Date.now() / 1000),
      filename,
      purpose,
      status: 'processed',
      content,
    };
    this.files.set(id, file);
    return file;
  }

  get(id: string): StoredFile | undefined {
    return this.files.get(id);
  }

  delete(id: string): boolean {
    return this.files.delete(id);
  }
}

/** The file object as the API shows it (without the bytes). */
export function fileObject({ content: _content, ...file }: StoredFile) {
  return file;
}

const notFound = (id: string) => errorBody(`No such File object: ${id}`, 'invalid_request_error', null, 'id');

/**
 * OpenAI's Files API: POST /files (multipart: file, purpose), GET /files/:id, GET /files/:id/content,
 * DELETE /files/:id. `path` has no /v1 prefix. Returns false for a path that is not a file route.
 */
export async function routeFiles(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  store: FileStore,
): Promise<boolean> {
  if (req.method === 'POST' && path === '/files') {
    await upload(req, res, store);
    return true;
  }
  const match = /^\/files\/([^/]+)(\/content)?$/.exec(path);
  if (!match) return false;
  const id = decodeURIComponent(match[1]!);
  const file = store.get(id);
  if (!file) {
    sendJson(res, 404, notFound(id));
    return true;
  }
  if (req.method === 'GET' && match[2]) {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.bytes });
    res.end(file.content);
  } else if (req.method === 'GET') sendJson(res, 200, fileObject(file));
  else if (req.method === 'DELETE') {
    store.delete(id);
    sendJson(res, 200, { id, object: 'file', deleted: true });
  } else return false;
  return true;
}

async function upload(req: IncomingMessage, res: ServerResponse, store: FileStore): Promise<void> {
  const type = req.headers['content-type'] ?? '';
  const bad = (message: string, param: string | null) =>
    sendJson(res, 400, errorBody(message, 'invalid_request_error', null, param));
  if (!type.startsWith('multipart/form-data')) return bad('The body must be multipart/form-data.', null);
  const body = await readBytes(req, MAX_UPLOAD_BYTES);
  if (!body) return sendJson(res, 413, errorBody('The file is too large.', 'invalid_request_error', null));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    return bad('The multipart body could not be read.', null);
  }
  const file = form.get('file');
  const purpose = form.get('purpose');
  if (!(file instanceof Blob)) return bad("'file' is a required property", 'file');
  if (typeof purpose !== 'string' || !PURPOSES.has(purpose)) {
    return bad(`'${String(purpose)}' is not one of ${[...PURPOSES].join(', ')} - 'purpose'`, 'purpose');
  }
  const filename = file instanceof File ? file.name : 'upload';
  if (purpose === 'batch' && !filename.endsWith('.jsonl')) {
    return bad('Invalid file format for Batch API. Must be .jsonl', 'file');
  }
  const stored = store.add(Buffer.from(await file.arrayBuffer()), filename, purpose);
  sendJson(res, 200, fileObject(stored));
}

/** The request's bytes, or undefined past `limit` (the rest is drained unread). */
async function readBytes(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}
