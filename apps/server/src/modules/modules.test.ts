import { describe, expect, it } from 'vitest';
import { jobRegistry, serverModules } from './index';

describe('the module list', () => {
  it('the product registry has unique, well-formed names', () => {
    for (const definition of jobRegistry.all()) expect(definition.name).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('names each module once and gives each of its jobs to the registry', () => {
    const names = serverModules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    for (const module of serverModules) {
      for (const job of module.jobs) expect(jobRegistry.get(job.name)).toBe(job);
    }
  });
});
