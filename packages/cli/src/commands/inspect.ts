import { readFile } from 'node:fs/promises';
import { countWords, readBook } from '@booktranslate/ebook';
import { parseArgs } from 'node:util';
import { type Command, EXIT, UsageError } from '../command';
import { describeBook } from '../describe-book';

/** `booktranslate inspect FILE [--json]`: what the reader sees in a book. */
const inspect: Command = {
  name: 'inspect',
  summary: 'print format, title, authors, language, chapters, blocks, words, cover, encoding and notes',
  usage: 'booktranslate inspect FILE [--json]',
  async run(args, io) {
    const { values, positionals } = parse(args);
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new UsageError('expected exactly one FILE');
    const book = await readBook(new Uint8Array(await readFile(file)), { filename: file });
    const summary = describeBook(book, countWords);
    if (values.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      for (const [key, value] of Object.entries(summary)) {
        io.stdout(`${key.padEnd(10)} ${Array.isArray(value) ? value.join(', ') : String(value ?? '-')}\n`);
      }
    }
    return EXIT.ok;
  },
};

function parse(args: string[]) {
  try {
    return parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export default inspect;
