import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/e2e', include: ['src/**/*.test.ts'] } });
