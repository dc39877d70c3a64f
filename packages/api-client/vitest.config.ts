import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/api-client', include: ['src/**/*.test.ts'] } });
