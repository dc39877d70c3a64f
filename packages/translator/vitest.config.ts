import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/translator', include: ['src/**/*.test.ts'] } });
