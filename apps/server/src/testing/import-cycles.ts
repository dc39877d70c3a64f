import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Static imports and re-exports (`import type` too: a type cycle still ties the files together). */
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** A relative specifier as a file: `./a`, `./a.js`, `./a/index`; undefined when it names no source file. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate));
}

/** Every source file under the roots and the files its relative imports name. */
export function importGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap((root) => sourceFiles(root))) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const pattern of [IMPORT, DYNAMIC]) {
      for (const match of text.matchAll(pattern)) {
        const specifier = match[1] ?? '';
        if (!specifier.startsWith('.')) continue;
        const target = resolveRelative(file, specifier);
        if (target) targets.add(target);
      }
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/**
 * The import cycles as groups of files that all reach each other (strongly connected components,
 * Tarjan), each group's paths relative to `base` and sorted. A file importing itself is a group of one.
 */
export function importCycles(graph: Map<string, string[]>, base: string): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) {
      groups.push(group.map((path) => relative(base, path)).sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The folder-level graph of the modules under `modulesDir`: module A -> module B when a file of A
 * imports a file of B. Imports within a module and to files outside the modules are left out.
 * @example importCycles(moduleGraph(importGraph([dir]), dir), dir) // [['auth', 'users']] for a cycle
 */
export function moduleGraph(files: Map<string, string[]>, modulesDir: string): Map<string, string[]> {
  const moduleOf = (file: string) => {
    const path = relative(modulesDir, file);
    return path.startsWith('..') || !path.includes('/') ? undefined : join(modulesDir, path.split('/')[0]!);
  };
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return new Map([...graph].map(([name, edges]) => [name, [...edges]]));
}
