import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of biome.json (decision 221), each checked against a deliberate violation:
 * throw-away files written inside the repository (so the overrides' paths apply), linted, deleted.
 * New folders are used on purpose: the rules go by pattern, so a module nobody listed is covered.
 */
const repo = resolve(import.meta.dirname, '../../..');
const folder = `zz-boundary-probe-${process.pid}`;

interface Probe {
  path: string;
  source: string;
  /** A phrase of the message that must refuse it; undefined when the file must pass. */
  refusedWith?: string;
}

const probes: Probe[] = [
  {
    path: `apps/server/src/modules/${folder}/probe.service.ts`,
    source: "import { eq } from 'drizzle-orm';\nexport const probe = eq;\n",
    refusedWith: "SQL lives in the module's *.repository.ts",
  },
  {
    path: `apps/server/src/modules/${folder}/probe-table.ts`,
    source: "import { users } from '../../db/schema/users';\nexport const probe = users;\n",
    refusedWith: 'Tables belong to repositories',
  },
  {
    path: `apps/server/src/modules/${folder}/probe-namespace.ts`,
    source: "import * as schema from '../../db/schema/books';\nexport const probe = schema;\n",
    refusedWith: 'Tables belong to repositories',
  },
  {
    path: `apps/server/src/modules/${folder}/probe.routes.ts`,
    source: "import type { UserRow } from '../../db/schema/users';\nexport type Probe = UserRow;\n",
    refusedWith: 'Routes never reach another module',
  },
  {
    path: `apps/server/src/modules/${folder}/probe-kit.ts`,
    source:
      "import { buildTestApp } from '../../testing/build-test-app';\nexport const probe = buildTestApp;\n",
    refusedWith: 'Test helpers never ship',
  },
  {
    path: `apps/server/src/${folder}/probe-testkit.ts`,
    source: "import { tinyEpub } from '@booktranslate/testkit';\nexport const probe = tinyEpub;\n",
    refusedWith: 'Test helpers never ship',
  },
  {
    path: `apps/server/src/modules/books/${folder}/probe.ts`,
    source:
      "import { translationsModule } from '../../translations';\nexport const probe = translationsModule;\n",
    refusedWith: 'Books never import translations',
  },
  {
    path: `packages/cli/src/${folder}/probe.ts`,
    source: "import { buildApp } from '../../../../apps/server/src/app';\nexport const probe = buildApp;\n",
    refusedWith: 'Packages never reach into apps/',
  },
  {
    path: `packages/contract/src/${folder}/probe.ts`,
    source: "import { routes } from '../../../../apps/web/src/api/client';\nexport const probe = routes;\n",
    refusedWith: 'Packages never reach into apps/',
  },
  {
    path: `apps/server/src/jobs/${folder}/probe.ts`,
    source: "import { serverModules } from '../../modules';\nexport const probe = serverModules;\n",
    refusedWith: 'jobs/ is the queue',
  },
  // What the rules leave alone, so a rule that refuses everything fails here too.
  {
    path: `apps/server/src/modules/${folder}/probe-row.ts`,
    source: "import type { UserRow } from '../../db/schema/users';\nexport type Probe = UserRow;\n",
  },
  {
    path: `apps/server/src/modules/${folder}/probe.repository.ts`,
    source:
      "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema/users';\nexport const probe = [eq, users];\n",
  },
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

function lint(paths: string[]): Diagnostic[] {
  const biome = join(repo, 'node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--reporter=json', ...paths], { cwd: repo, encoding: 'utf8' });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports');
}

describe('import boundaries (biome.json)', () => {
  it('refuses each deliberate violation with its message and lets the allowed imports through', () => {
    const written = probes.map((probe) => join(repo, probe.path));
    let diagnostics: Diagnostic[];
    try {
      for (const [index, probe] of probes.entries()) {
        mkdirSync(dirname(written[index]!), { recursive: true });
        writeFileSync(written[index]!, probe.source);
      }
      diagnostics = lint(probes.map((probe) => probe.path));
    } finally {
      for (const file of written) rmSync(dirname(file), { recursive: true, force: true });
    }
    const verdicts = probes.map((probe) => {
      const own = diagnostics.filter((d) => d.location.path.endsWith(probe.path));
      const refused =
        probe.refusedWith !== undefined && own.some((d) => d.message.includes(probe.refusedWith!));
      return { path: probe.path, refused: probe.refusedWith ? refused : own.length > 0 };
    });
    expect(verdicts).toEqual(
      probes.map((probe) => ({ path: probe.path, refused: Boolean(probe.refusedWith) })),
    );
  }, 60_000);
});
