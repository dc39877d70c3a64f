import { createHash } from 'node:crypto';

/**
 * Finished translations by a key of everything that decides them, so a retried job, a re-run or a
 * second user with the same book never pays for the same text twice. The server implements this
 * on its database; the CLI and tests use InMemoryTranslationMemory.
 */
export interface TranslationMemory {
  get(key: string): Promise<string | undefined>;
  put(key: string, translation: string): Promise<void>;
}

export interface MemoryKeyParts {
  /** Source placeholder text of the block (or block part). */
  text: string;
  from: string;
  to: string;
  engine: string;
  model: string;
  /** glossaryVersion(brief): a changed glossary must not reuse old renderings. */
  glossaryVersion: string;
}

/**
 * @example memoryKey({ text: 'Hello.', from: 'en', to: 'es', engine: 'openai', model: 'gpt-4.1-mini', glossaryVersion: 'none' })
 */
export function memoryKey(parts: MemoryKeyParts): string {
  const hash = createHash('sha256');
  for (const value of [parts.from, parts.to, parts.engine, parts.model, parts.glossaryVersion, parts.text]) {
    hash.update(value).update('\u0000');
  }
  return hash.digest('hex');
}

export class InMemoryTranslationMemory implements TranslationMemory {
  private readonly entries = new Map<string, string>();

  async get(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }

  async put(key: string, translation: string): Promise<void> {
    this.entries.set(key, translation);
  }

  get size(): number {
    return this.entries.size;
  }
}
