import { type BookBrief, glossaryVersion } from './brief';
import type { Engine } from './engine';
import { memoryKey } from './translation-memory';

/** What a translation memory key depends on besides the text itself. */
export interface MemoryKeyScope {
  from: string;
  to: string;
  engine: Pick<Engine, 'name' | 'model'>;
  brief?: BookBrief;
}

/**
 * The memory key of each text translated within one scope: the translator and the server's
 * chunk memory must compose keys the same way, or neither finds what the other stored.
 * @example const keyOf = memoryKeyOf({ from: 'en', to: 'es', engine, brief }); keyOf('Hello.')
 */
export function memoryKeyOf(scope: MemoryKeyScope): (text: string) => string {
  const version = glossaryVersion(scope.brief);
  return (text) =>
    memoryKey({
      text,
      from: scope.from,
      to: scope.to,
      engine: scope.engine.name,
      model: scope.engine.model,
      glossaryVersion: version,
    });
}
