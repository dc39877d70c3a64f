import type { GlossaryEntry } from '../brief';

/** A glossary entry for tests: a character unless `more` says otherwise. */
export const entry = (source: string, target: string, more: Partial<GlossaryEntry> = {}): GlossaryEntry => ({
  source,
  target,
  kind: 'character',
  ...more,
});
