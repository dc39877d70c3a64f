import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/cli', include: ['src/**/*.test.ts'] } });
