import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { UsageError } from './command';

/**
 * Parses a command's flags and its one input file; an unknown flag, a missing value or a wrong
 * number of inputs becomes a UsageError (exit 2 with the usage), never a stack trace.
 * @example const { values, input } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'FILE');
 */
export function parseCommandArgs<Options extends ParseArgsOptionsConfig>(
  args: string[],
  options: Options,
  inputName: string,
) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: Options }>>;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [input, ...rest] = parsed.positionals;
  if (!input || rest.length > 0) throw new UsageError(`expected exactly one ${inputName}`);
  return { values: parsed.values, input };
}
