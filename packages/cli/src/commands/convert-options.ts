/** `convert`'s flags for `parseArgs`; the start-up hint reads the same ones (see sandbox-hint.ts). */
export const CONVERT_OPTIONS = {
  output: { type: 'string', short: 'o' },
  to: { type: 'string' },
  bilingual: { type: 'boolean' },
  'bilingual-reverse': { type: 'boolean' },
  notice: { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  // Reads and writes in this process, without the sandbox's memory and time budget: trusted files only.
  'no-sandbox': { type: 'boolean' },
} as const;
