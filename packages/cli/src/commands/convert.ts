// Synchronous fs: a one-shot command has nothing to overlap, and node:fs/promises costs ~3 ms to load.
import { readFileSync, writeFileSync } from 'node:fs';
import type { BookFormat } from '@booktranslate/ebook';
import { openBookSandbox } from '@booktranslate/ebook/sandbox';
import { type Command, EXIT, UsageError } from '../command';
import { anyBookFormats, readFormatIds, writtenFormatIds, writtenFormatOf } from '../output-format';
import { parseCommandArgs } from '../parse-command-args';

/** The flags `parseArgs` accepts; their values are typed from this. */
const OPTIONS = {
  output: { type: 'string', short: 'o' },
  to: { type: 'string' },
  bilingual: { type: 'boolean' },
  'bilingual-reverse': { type: 'boolean' },
  notice: { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
} as const;

/** `booktranslate convert IN -o OUT [--to FORMAT] [--bilingual]`. */
const convert: Command = {
  name: 'convert',
  summary: `convert any book (${readFormatIds}) to ${anyBookFormats}, a docx or md book also to its own format (format from the output extension or --to)`,
  usage: `booktranslate convert IN -o OUT [--to ${writtenFormatIds.join('|')}] [--bilingual|--bilingual-reverse] [--notice TEXT]`,
  async run(args, io) {
    const { values, input } = parseCommandArgs(args, OPTIONS, 'input file');
    if (!values.output) throw new UsageError('missing -o OUT');
    const format = outputFormat(values.output, values.to);
    const layout = values['bilingual-reverse']
      ? 'bilingual-reverse'
      : values.bilingual
        ? 'bilingual'
        : 'translated';
    // Read and written in a child process with a memory and time budget (a hostile file stops there).
    const sandbox = await openBookSandbox(readFileSync(input), { filename: input });
    let bytes: Uint8Array;
    try {
      bytes = await sandbox.write(sandbox.book, format, {
        layout,
        ...(values.notice ? { notice: values.notice } : {}),
      });
    } finally {
      await sandbox.close();
    }
    writeFileSync(values.output, bytes);
    if (values.verbose) io.stderr(`wrote ${values.output} (${format}, ${bytes.length} bytes)\n`);
    return EXIT.ok;
  },
};

function outputFormat(output: string, to: string | undefined): BookFormat {
  const format = writtenFormatOf(to === undefined ? { name: output } : { id: to });
  if (!format) {
    throw new UsageError(
      to
        ? `--to must be one of ${writtenFormatIds.join(', ')}`
        : `cannot tell the format of "${output}"; use --to`,
    );
  }
  return format;
}

export default convert;
