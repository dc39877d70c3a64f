/**
 * Answers `--help` (or `-h`) with the bench's usage and exits before any work starts; call it first
 * in a bench script, before its own argument parsing.
 * @example answerHelp('Usage: npm run bench:web [-- --no-build]\n\nLanding page weight ...');
 */
export function answerHelp(usage: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (!argv.some((arg) => arg === '--help' || arg === '-h')) return;
  console.log(usage);
  process.exit(0);
}
