import { defineProject } from 'vitest/config';

// Browser tests share one server (global-setup.ts) and Chromium: generous time-outs, one file at a time.
export default defineProject({
  test: {
    name: '@booktranslate/e2e',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
