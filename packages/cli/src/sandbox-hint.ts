import { parseArgs } from 'node:util';
import type { WarmHint } from '@booktranslate/ebook/sandbox';
import { CONVERT_OPTIONS } from './commands/convert-options';

/**
 * Whether a command line will read a book in the sandbox, and which reader and writer it will need:
 * `convert IN -o OUT` reads IN and writes OUT (or `--to`), `inspect FILE` reads FILE. Anything else,
 * `convert --no-sandbox`, or arguments the command would refuse, is null: no child is started ahead.
 * @example sandboxHint(['convert', 'a.txt', '-o', 'a.epub']) // { read: 'a.txt', write: 'a.epub' }
 */
export function sandboxHint(argv: string[]): WarmHint | null {
  const [command, ...args] = argv;
  if (command !== 'convert' && command !== 'inspect') return null;
  if (args.includes('--help') || args.includes('-h')) return null;
  const options = command === 'convert' ? CONVERT_OPTIONS : ({ json: { type: 'boolean' } } as const);
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true });
    const [read] = positionals;
    if (!read || positionals.length > 1 || 'no-sandbox' in values) return null;
    const write =
      'to' in values ? (values.to ?? values.output) : 'output' in values ? values.output : undefined;
    return { read, ...(typeof write === 'string' ? { write } : {}) };
  } catch {
    return null;
  }
}
