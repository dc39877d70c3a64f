// From the sandbox's entry, not the library's index: that one brings every reader's parser to start-up.
import { isEbookError } from '@booktranslate/ebook/sandbox';
import { type Command, type CommandIo, EXIT, UsageError } from './command';

// The command table: one line per command, each in its own file under ./commands. The imports are
// lazy, so a command's dependencies are only evaluated when it runs (the bundle inlines them all).
const COMMANDS: Record<string, () => Promise<{ default: Command }>> = {
  inspect: () => import('./commands/inspect'),
  convert: () => import('./commands/convert'),
  translate: () => import('./commands/translate'),
};

async function loadCommand(name: string): Promise<Command | null> {
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  return load ? (await load()).default : null;
}

/**
 * Runs `booktranslate <command> ...args` and resolves to the exit code: 0 ok, 2 usage, 3 unreadable
 * or unsupported input, 1 anything else. Errors go to stderr as one line.
 * @example process.exitCode = await runCli(process.argv.slice(2), { stdout, stderr })
 */
export async function runCli(argv: string[], io: CommandIo): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(await helpText());
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = await loadCommand(name);
  if (!command) {
    io.stderr(`booktranslate: unknown command "${name}"; run "booktranslate --help"\n`);
    return EXIT.usage;
  }
  const beforeEnd = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  if (beforeEnd.includes('--help') || beforeEnd.includes('-h')) {
    io.stdout(`usage: ${command.usage}\n  ${command.summary}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`booktranslate ${name}: ${error.message}\nusage: ${command.usage}\n`);
      return EXIT.usage;
    }
    if (isEbookError(error)) {
      io.stderr(`booktranslate ${name}: ${error.code}: ${oneLine(error.message)}\n`);
      return EXIT.badInput;
    }
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      io.stderr(`booktranslate ${name}: cannot read input: ${oneLine((error as Error).message)}\n`);
      return EXIT.badInput;
    }
    io.stderr(`booktranslate ${name}: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
    return EXIT.failure;
  }
}

async function helpText(): Promise<string> {
  const lines = ['usage: booktranslate <command> [options]', '', 'commands:'];
  for (const name of Object.keys(COMMANDS)) {
    const command = await loadCommand(name);
    if (command) lines.push(`  ${command.usage}`, `      ${command.summary}`);
  }
  return `${lines.join('\n')}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
