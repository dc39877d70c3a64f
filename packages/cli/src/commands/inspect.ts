import { readFile } from 'node:fs/promises';
import { countWords, EbookError } from '@booktranslate/ebook';
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
    const book = await readBookSandboxed(await readFile(file), { filename: file });
    const summary = describeBook(book, countWords);
    // Whatever a reader let through, a book with no words is refused, never reported as 0 words.
    if (summary.words === 0) throw new EbookError('no-text', 'the book has no words to translate');
    if (values.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      for (const [key, value] of Object.entries(summary)) {
        io.stdout(`${key.padEnd(10)} ${Array.isArray(value) ? value.join(', ') : String(value ?? '-')}\n`);
      }
    }
    return EXIT.ok;
  },
};

export default inspect;
