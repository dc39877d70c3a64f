import type { JobDefinition } from './define-job';

/** A set of job definitions looked up by name; duplicate names are a programming error. */
export class JobRegistry {
  readonly #byName = new Map<string, JobDefinition>();

  constructor(definitions: readonly JobDefinition[]) {
    for (const definition of definitions) {
      if (this.#byName.has(definition.name)) throw new Error(`job "${definition.name}" is defined twice`);
      this.#byName.set(definition.name, definition);
    }
  }

  get(name: string): JobDefinition {
    const definition = this.#byName.get(name);
    if (!definition) throw new Error(`no job is defined with the name "${name}"`);
    return definition;
  }

  has(name: string): boolean {
    return this.#byName.has(name);
  }

  all(): JobDefinition[] {
    return [...this.#byName.values()];
  }
}
