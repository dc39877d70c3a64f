// The sandbox's child process: reads one book and writes it as asked, inside the memory and time
// budget its parent set. Nothing but the book's bytes and the requests arrive here.
import { getHeapStatistics } from 'node:v8';
import { countChapters } from '../book-outline';
import { asSentBack } from '../convert-book';
import { countWords } from '../count-words';
import { isEbookError } from '../errors';
import type { Book } from '../model';
import { readBook } from '../read-book';
import { textSamples } from '../text-samples';
import { withoutRawMarkup } from '../without-raw-markup';
import { writeBook } from '../write-book';
import type { BookSummary, SandboxReply, SandboxRequest } from './sandbox-protocol';
import { type WarmHint, warmFormats } from './warm-formats';

const send = process.send?.bind(process);
if (!send) throw new Error('sandbox-worker runs only as a child process of the book sandbox');
let original: Book | null = null;
/** A large book arriving in pieces, copied into one buffer of its size as they come. */
let arriving: { bytes: Uint8Array; at: number } | null = null;

// The parent gone (exited, crashed, killed), this child has no one to answer: it ends too.
process.on('disconnect', () => process.exit(0));
process.on('message', async (request: SandboxRequest) => {
  try {
    send(await handle(request));
  } catch (error) {
    const e = error as Error;
    const reply: SandboxReply = {
      type: 'error',
      error: {
        name: e?.name ?? 'Error',
        message: e?.message ?? String(error),
        ...(isEbookError(error) ? { code: error.code, details: error.details } : {}),
      },
    };
    send(reply);
  }
});
send({ type: 'ready' });
// While the parent is still starting (the CLI forks this child first thing), load the reader and
// writer it said it will need: arguments `--warm-read=NAME` and `--warm-write=NAME|FORMAT`.
void warmFormats(warmHint(process.argv));

async function handle(request: SandboxRequest): Promise<SandboxReply> {
  if (request.type === 'reset') {
    // The next book starts from nothing of this one (its bytes and model become garbage).
    original = null;
    arriving = null;
    return { type: 'reset', heapBytes: getHeapStatistics().total_heap_size };
  }
  if (request.type === 'part') {
    arriving ??= { bytes: new Uint8Array(request.total), at: 0 };
    arriving.bytes.set(request.bytes, arriving.at);
    arriving.at += request.bytes.length;
    return { type: 'part' };
  }
  if (request.type === 'open') {
    let bytes = request.bytes;
    if (arriving) {
      arriving.bytes.set(bytes, arriving.at);
      bytes = arriving.bytes;
      arriving = null;
    }
    original = await readBook(bytes, request.options);
    if (request.summary) return { type: 'opened', summary: summarize(original) };
    if (request.bookless) return { type: 'opened' };
    // Source bytes and resources (images, fonts) stay here: the writer takes them back from `original`.
    const { source: _source, resources: _resources, cover, ...rest } = original;
    const resources = request.images ? rasterImages(original.resources, request.images) : [];
    const book: Book = {
      ...rest,
      chapters: withoutRawMarkup(rest.chapters),
      resources,
      ...(cover ? { cover: copyResource(cover) } : {}),
    };
    return { type: 'opened', book };
  }
  if (!original) throw new Error('write before open');
  // The book as read is written as the caller would have sent it back: without the raw markup.
  const given = request.book ?? asSentBack(original);
  const book: Book = {
    ...given,
    resources: original.resources,
    ...(original.cover ? { cover: original.cover } : {}),
    ...(original.source ? { source: original.source } : {}),
  };
  const bytes = await writeBook(book, request.format, request.options);
  return { type: 'written', bytes };
}

function warmHint(argv: string[]): WarmHint {
  const value = (flag: string) => argv.find((arg) => arg.startsWith(flag))?.slice(flag.length);
  const read = value('--warm-read=');
  const write = value('--warm-write=');
  return { ...(read ? { read } : {}), ...(write ? { write } : {}) };
}

function summarize(book: Book): BookSummary {
  let words = 0;
  for (const chapter of book.chapters) for (const block of chapter.blocks) words += countWords(block.text);
  return {
    format: book.format,
    metadata: book.metadata,
    words,
    chapters: countChapters(book),
    samples: textSamples(book),
    ...(book.textlessPages?.length ? { textlessPages: book.textlessPages.slice(0, 10_000) } : {}),
    ...(book.cover ? { cover: copyResource(book.cover) } : {}),
  };
}

/**
 * The book's images a reader can show as they are (not SVG, which may carry scripts), in the book's
 * order, up to `maxBytes` in all; the caller still checks each by its bytes.
 */
function rasterImages(resources: Book['resources'], maxBytes: number): Book['resources'] {
  const out: Book['resources'] = [];
  let bytes = 0;
  for (const resource of resources) {
    if (!resource.mediaType.startsWith('image/') || resource.mediaType.includes('svg')) continue;
    const size = resource.data.length;
    if (bytes + size > maxBytes) continue;
    bytes += size;
    out.push(copyResource(resource));
  }
  return out;
}

// EPUB resources inflate on first read (a getter): a plain copy is what crosses to the caller.
function copyResource(resource: Book['cover'] & object) {
  return { href: resource.href, mediaType: resource.mediaType, data: resource.data };
}
