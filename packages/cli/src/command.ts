/** One `booktranslate` sub-command: a file in src/commands/ whose default export is this. */
export interface Command {
  name: string;
  /** One line for the help screen. */
  summary: string;
  /** Usage line(s), printed on usage errors. */
  usage: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[], io: CommandIo): Promise<number>;
}

/** Where a command writes; tests and the bin pass the process streams. */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Exit codes every command uses. */
export const EXIT = { ok: 0, failure: 1, usage: 2, badInput: 3 } as const;

/** Thrown for wrong arguments: the runner prints the message and the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
