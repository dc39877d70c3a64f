import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@booktranslate/testkit', include: ['src/**/*.test.ts'] } });
