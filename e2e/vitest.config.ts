import { defineProject } from 'vitest/config';

// Browser tests start a real server and Chromium: generous time-outs, one file at a time.
export default defineProject({
  test: {
    name: '@booktranslate/e2e',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
