import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/server', include: ['src/**/*.test.ts'] } });
