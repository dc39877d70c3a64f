import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, moduleGraph } from './testing/import-cycles';

const repo = resolve(import.meta.dirname, '../../..');
const modulesDir = join(repo, 'apps/server/src/modules');
const roots = [
  join(repo, 'apps/server/src'),
  join(repo, 'apps/web/src'),
  ...readdirSync(join(repo, 'packages')).map((name) => join(repo, 'packages', name, 'src')),
];

/**
 * Cycles known today, to be removed, not added to (none left: add one only with its reason, and
 * remove it when its cycle is gone).
 */
const ALLOWED_CYCLES: string[][] = [];

/** A cycle is allowed when all of its files lie in one allowed group (a shrinking group still passes). */
const allowed = (cycle: string[]) =>
  ALLOWED_CYCLES.some((group) => cycle.every((file) => group.includes(file)));

describe('imports', () => {
  it('have no cycles in apps/server/src, apps/web/src and packages/*/src beyond the listed ones', () => {
    const cycles = importCycles(importGraph(roots), repo);
    expect(cycles.filter((cycle) => !allowed(cycle))).toEqual([]);
  });

  it('have no cycles between server modules (a module never reaches itself through others)', () => {
    // Product files only: a test may drive several modules (an auth test purging an account).
    const files = [...importGraph([modulesDir])].filter(([file]) => !/\.test\.tsx?$/.test(file));
    const graph = moduleGraph(new Map(files), modulesDir);
    expect(importCycles(graph, modulesDir)).toEqual([]);
  });

  it('the module graph ties files to their module folder and keeps only edges between modules', () => {
    const graph = moduleGraph(
      new Map([
        ['/m/a/x.ts', ['/m/a/y.ts', '/m/b/z.ts']],
        ['/m/b/z.ts', ['/m/a/index.ts']],
        ['/m/a/y.ts', ['/db/schema.ts']],
      ]),
      '/m',
    );
    expect(importCycles(graph, '/m')).toEqual([['a', 'b']]);
  });

  it('the finder groups the files of a cycle and leaves out a file that only imports into it', () => {
    const a = '/x/a.ts';
    const b = '/x/b.ts';
    const c = '/x/c.ts';
    const graph = new Map([
      [a, [b]],
      [b, [c]],
      [c, [a]],
      ['/x/d.ts', [a]],
    ]);
    expect(importCycles(graph, '/x')).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
