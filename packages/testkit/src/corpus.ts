import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder above this file whose package.json declares workspaces. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** ../shared beside the project (read-only): corpus, schemas, spec. */
export const sharedDir = path.resolve(repoRoot, '..', 'shared');
export const corpusDir = path.join(sharedDir, 'corpus');
/** PDF, DOCX, AZW3, MOBI and Markdown made from the corpus's books by calibre, LibreOffice and pandoc. */
export const corpusFormatsDir = path.join(sharedDir, 'corpus-formats');
export const fb2SchemaPath = path.join(sharedDir, 'schemas', 'fb2', 'FictionBook.xsd');

/** Why corpus tests are skipped on this machine, or null when the corpus is present. */
export function corpusMissingReason(): string | null {
  return existsSync(corpusDir) ? null : `skipped: ${corpusDir} is absent (CI always has it)`;
}

/** Why tests of corpus-formats are skipped on this machine, or null when it is present. */
export function corpusFormatsMissingReason(): string | null {
  return existsSync(corpusFormatsDir) ? null : `skipped: ${corpusFormatsDir} is absent (CI always has it)`;
}

/** Every file of corpus-formats (not MANIFEST.md), as absolute paths, sorted by name. */
export function corpusFormatsFiles(): string[] {
  if (!existsSync(corpusFormatsDir)) return [];
  return readdirSync(corpusFormatsDir)
    .filter((name) => name !== 'MANIFEST.md')
    .sort()
    .map((name) => path.join(corpusFormatsDir, name));
}

/** Every book in the corpus (not MANIFEST.md), as absolute paths, sorted by name. */
export function corpusFiles(): string[] {
  if (!existsSync(corpusDir)) return [];
  return readdirSync(corpusDir)
    .filter((name) => name !== 'MANIFEST.md')
    .sort()
    .map((name) => path.join(corpusDir, name));
}
