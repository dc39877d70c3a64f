import { defineConfig } from 'vitest/config';

// One runner for every tier: each workspace with tests has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.ts'],
  },
});
