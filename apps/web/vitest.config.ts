import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/web', include: ['src/**/*.test.ts'] } });
