import { createHash } from 'node:crypto';
import { type BookBrief, type GlossaryEntry, glossaryMatcher, termsOf } from '@booktranslate/translator';

/** What decides a remembered passage besides its text: the language pair, and the engine and model. */
export interface MemoryScope {
  from: string;
  to: string;
  engine: string;
  model: string;
}

/** The two hashes a passage is looked up by: its text in the scope (engine and edit) and its terms. */
export interface MemoryKey {
  /** The engine's text for this source in this pair, engine and model. */
  engineHash: string;
  /** The user's own edit of this source in this pair, whatever engine made the text they edited. */
  editHash: string;
  termsHash: string;
}

const sha = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('base64url').slice(0, 32);
};

/**
 * The source text as the memory compares it: Unicode NFC, runs of white space as one space, no
 * edges, so a re-typeset edition (other line breaks, other spaces) still matches.
 * @example normaliseSource(' Hello,\n  world ') // 'Hello, world'
 */
export function normaliseSource(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** The hash of a passage's normalised source text, the part of its key that a quote can cache. */
export function sourceDigest(text: string): string {
  return sha(normaliseSource(text));
}

/** The text hashes of a source digest in a scope: the engine's and the user's edit's. */
export function scopedHashes(digest: string, scope: MemoryScope): { engineHash: string; editHash: string } {
  return {
    engineHash: sha('engine', scope.from, scope.to, scope.engine, scope.model, digest),
    editHash: sha('edit', scope.from, scope.to, digest),
  };
}

/**
 * The glossary renderings a passage is translated with (the entries whose terms it uses), as one
 * hash: a passage whose terms' renderings changed since is not a match.
 */
function hashOfTerms(used: GlossaryEntry[]): string {
  if (used.length === 0) return 'none';
  return sha(
    ...used.map((e) => `${termsOf(e).join('\u0002')}\u0001${e.target}`).sort((a, b) => a.localeCompare(b)),
  );
}

/**
 * A passage's memory key under a scope and a brief.
 * @example memoryKey('Hello.', { from: 'en', to: 'es', engine: 'openai', model: 'gpt-4.1-mini' }, brief)
 */
export function memoryKey(text: string, scope: MemoryScope, brief: BookBrief | undefined): MemoryKey {
  return memoryKeyer(scope, brief)(text).key;
}

/**
 * memoryKey for many passages under one scope and brief (a chunk's blocks): the glossary is
 * prepared once. Each key comes with the glossary entries the passage uses.
 * @example const keyOf = memoryKeyer(scope, brief); blocks.map((b) => keyOf(b.text).key)
 */
export function memoryKeyer(
  scope: MemoryScope,
  brief: BookBrief | undefined,
): (text: string) => { key: MemoryKey; used: GlossaryEntry[] } {
  const usedBy = glossaryMatcher(brief?.glossary);
  return (text) => {
    const used = usedBy([text]);
    return { key: { ...scopedHashes(sourceDigest(text), scope), termsHash: hashOfTerms(used) }, used };
  };
}
