import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/contract', include: ['src/**/*.test.ts'] } });
