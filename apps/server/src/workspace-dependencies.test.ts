import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPackages, packageOf, sourceFilesUnder } from './testing/import-specifiers';

const repo = resolve(import.meta.dirname, '../../..');
const workspaces = [
  ...['apps', 'packages'].flatMap((group) =>
    readdirSync(join(repo, group)).map((name) => join(repo, group, name)),
  ),
  join(repo, 'e2e'),
  join(repo, 'bench'),
];
const builtins = new Set(builtinModules);

/** What a workspace may import: what its package.json declares, the root's tools and node's builtins. */
function declared(dir: string): Set<string> {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
  const own = read(join(dir, 'package.json'));
  const root = read(join(repo, 'package.json'));
  return new Set(
    [
      own.name,
      ...Object.keys(own.dependencies ?? {}),
      ...Object.keys(own.devDependencies ?? {}),
      ...Object.keys(own.peerDependencies ?? {}),
      // The root's dev tools (vitest, typescript, @types/node) serve every workspace.
      ...Object.keys(root.devDependencies ?? {}),
    ].flatMap((name) => {
      // A type-only package declares the types it gives: @types/mdast for `import type … from 'mdast'`.
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      return typed ? [name, typed.includes('__') ? `@${typed.replace('__', '/')}` : typed] : [name];
    }),
  );
}

describe('workspace dependencies', () => {
  it('every workspace declares each package its sources import', () => {
    const undeclared: string[] = [];
    for (const dir of workspaces) {
      const allowed = declared(dir);
      for (const file of sourceFilesUnder(dir)) {
        for (const name of importedPackages(file)) {
          if (!allowed.has(name) && !builtins.has(name)) undeclared.push(`${relative(repo, file)}: ${name}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('names the package of a specifier and skips relative paths and builtins', () => {
    expect(packageOf('@booktranslate/ebook/sandbox')).toBe('@booktranslate/ebook');
    expect(packageOf('fastify-plugin')).toBe('fastify-plugin');
    expect(packageOf('zod/v4')).toBe('zod');
    expect(packageOf('./a')).toBeUndefined();
    expect(packageOf('node:fs')).toBeUndefined();
  });
});
