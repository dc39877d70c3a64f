// Synchronous fs: a one-shot command has nothing to overlap, and node:fs/promises costs ~3 ms to load.
import { readFileSync, writeFileSync } from 'node:fs';
import type { BookFormat } from '@booktranslate/ebook';
import { convertBookSandboxed } from '@booktranslate/ebook/sandbox';
import { type Command, EXIT, UsageError } from '../command';
import { anyBookFormats, readFormatIds, writtenFormatIds, writtenFormatOf } from '../output-format';
import { parseCommandArgs } from '../parse-command-args';
import { CONVERT_OPTIONS } from './convert-options';

/** `booktranslate convert IN -o OUT [--to FORMAT] [--bilingual]`. */
const convert: Command = {
  name: 'convert',
  summary: `convert any book (${readFormatIds}) to ${anyBookFormats}, a docx or md book also to its own format (format from the output extension or --to)`,
  usage: `booktranslate convert IN -o OUT [--to ${writtenFormatIds.join('|')}] [--bilingual|--bilingual-reverse] [--notice TEXT] [--no-sandbox]`,
  async run(args, io) {
    const { values, input } = parseCommandArgs(args, CONVERT_OPTIONS, 'input file');
    if (!values.output) throw new UsageError('missing -o OUT');
    const format = outputFormat(values.output, values.to);
    const layout = values['bilingual-reverse']
      ? 'bilingual-reverse'
      : values.bilingual
        ? 'bilingual'
        : 'translated';
    const writeOptions = { layout, ...(values.notice ? { notice: values.notice } : {}) } as const;
    // Read and written in a child process with a memory and time budget (a hostile file stops there);
    // the book stays in it, only the written bytes come back. --no-sandbox: in this process, for
    // trusted files, the same bytes without a second node start (decision 303).
    const bytes = values['no-sandbox']
      ? await (await import('@booktranslate/ebook/convert')).convertBook(
          readFileSync(input),
          format,
          { filename: input },
          writeOptions,
        )
      : await convertBookSandboxed(readFileSync(input), format, { filename: input }, writeOptions);
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
