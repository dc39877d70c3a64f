import { defineProject } from 'vitest/config';

// Database set-up (PGlite start, PostgreSQL CREATE DATABASE) takes seconds on a busy 2-core machine.
export default defineProject({
  test: {
    name: '@booktranslate/server',
    include: ['src/**/*.test.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
