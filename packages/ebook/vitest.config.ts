import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/ebook', include: ['src/**/*.test.ts'] } });
