import { readFile } from 'node:fs/promises';
import { type Book, countWords, isEbookError } from '@booktranslate/ebook';
import { readBookSandboxed } from '@booktranslate/ebook/sandbox';
import { type Command, EXIT } from '../command';
import { describeBook } from '../describe-book';
import { parseCommandArgs } from '../parse-command-args';

/** `booktranslate inspect FILE [--json]`: what the reader sees in a book. */
const inspect: Command = {
  name: 'inspect',
  summary: 'print format, title, authors, language, chapters, blocks, words, cover, encoding and notes',
  usage: 'booktranslate inspect FILE [--json]',
  async run(args, io) {
    const { values, input: file } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'FILE');
    const bytes = await readFile(file);
    const { book, note } = await readEvenEmpty(bytes, file);
    const summary = describeBook(book, countWords);
    // A book of pictures is reported as it is, 0 words; the note says what converting it would say.
    if (note) io.stderr(`note: ${note}\n`);
    if (values.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      for (const [key, value] of Object.entries(summary)) {
        io.stdout(`${key.padEnd(10)} ${Array.isArray(value) ? value.join(', ') : String(value ?? '-')}\n`);
      }
    }
    return EXIT.ok;
  },
};

/**
 * Reads the book; a book without words (pictures only) is read again as it is, with the reader's
 * refusal ("only images", "no text") as a note instead of an error: inspect describes, it does not
 * judge whether the book can be translated.
 */
async function readEvenEmpty(bytes: Uint8Array, filename: string): Promise<{ book: Book; note?: string }> {
  try {
    return { book: await readBookSandboxed(bytes, { filename }) };
  } catch (error) {
    if (!isEbookError(error) || (error.code !== 'no-text' && error.code !== 'scanned')) throw error;
    return { book: await readBookSandboxed(bytes, { filename, emptyOk: true }), note: error.message };
  }
}

export default inspect;
