import { defineConfig } from 'vitest/config';

// One runner for every tier: each workspace with tests has its own vitest.config.ts.
// Two test files at a time: most files wait on a database, a browser or a child process, so two
// share a 2-core machine well (the default there is one); browser files still run one at a time.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.ts'],
  },
});
