import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './client';
import { installQueueSchema, templateKey } from './template-key';

let migratedPglite: Promise<Blob> | undefined;

/** A migrated PGlite with pg-boss's schema installed, as a data-directory dump. */
async function buildTemplate(): Promise<Blob> {
  const template = await PGlite.create();
  await wrapPglite(template).migrate();
  await installQueueSchema({ pglite: template });
  const dump = await template.dumpDataDir('none');
  await template.close();
  return dump;
}

// Creating a PGlite runs initdb (seconds on a busy machine); loading a dumped data directory skips
// it, and the dump already holds the migrations and pg-boss's tables. It is cached in the temp
// directory so each test file pays only the load.
async function templateDump(): Promise<Blob> {
  const cacheFile = join(tmpdir(), `booktranslate-pglite-${templateKey()}.tar`);
  const lockFile = `${cacheFile}.lock`;
  // Test files start in parallel: one builds the template, the others wait for its file.
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (existsSync(cacheFile)) return new Blob([readFileSync(cacheFile)]);
    try {
      closeSync(openSync(lockFile, 'wx'));
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    const dump = await buildTemplate();
    const temp = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, new Uint8Array(await dump.arrayBuffer()));
    renameSync(temp, cacheFile);
    // Dumps of older migrations are 40 MB each and never used again.
    for (const file of readdirSync(tmpdir())) {
      const old = join(tmpdir(), file);
      if (/^booktranslate-pglite-[0-9a-f]{16}\.tar$/.test(file) && old !== cacheFile)
        rmSync(old, { force: true });
    }
    return dump;
  } finally {
    rmSync(lockFile, { force: true });
  }
}

export async function openPgliteFromTemplate(): Promise<PGlite> {
  migratedPglite ??= templateDump();
  try {
    return await PGlite.create({ loadDataDir: await migratedPglite });
  } catch (error) {
    // A damaged cache file: rebuild once, straight from the migrations.
    migratedPglite = buildTemplate();
    rmSync(join(tmpdir(), `booktranslate-pglite-${templateKey()}.tar`), { force: true });
    if (!(await migratedPglite.then(() => true).catch(() => false))) throw error;
    return PGlite.create({ loadDataDir: await migratedPglite });
  }
}
