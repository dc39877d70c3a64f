import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Static imports, re-exports and dynamic imports with a literal specifier. */
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const SOURCE = /\.(?:tsx?|mts|mjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

/** Every source file under a folder, build output and installed packages left out. */
export function sourceFilesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIPPED.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFilesUnder(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts')) out.push(path);
  }
  return out;
}

/**
 * The package a bare specifier names (`@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`);
 * undefined for relative paths, `node:` builtins and virtual modules (`virtual:`, `/abs`).
 * @example packageOf('@booktranslate/ebook/sandbox') // '@booktranslate/ebook'
 */
export function packageOf(specifier: string): string | undefined {
  if (/^(?:\.|\/|node:|virtual:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The packages a source file imports by bare name. */
export function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const pattern of [IMPORT, DYNAMIC]) {
    for (const match of text.matchAll(pattern)) {
      const name = packageOf(match[1] ?? '');
      if (name) names.add(name);
    }
  }
  return [...names];
}
