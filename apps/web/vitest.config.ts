import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      '@booktranslate/contract/languages': fileURLToPath(
        new URL('../../packages/contract/src/languages.ts', import.meta.url),
      ),
      '@booktranslate/contract/inline-kinds': fileURLToPath(
        new URL('../../packages/contract/src/inline-kinds.ts', import.meta.url),
      ),
      '@booktranslate/contract/placeholder-spans': fileURLToPath(
        new URL('../../packages/contract/src/placeholder-spans.ts', import.meta.url),
      ),
      '@booktranslate/contract/book-refusals': fileURLToPath(
        new URL('../../packages/contract/src/book-refusals.ts', import.meta.url),
      ),
      '@booktranslate/contract/no-credits': fileURLToPath(
        new URL('../../packages/contract/src/no-credits.ts', import.meta.url),
      ),
      '@booktranslate/contract/placeholder-edit': fileURLToPath(
        new URL('../../packages/contract/src/placeholder-edit.ts', import.meta.url),
      ),
      '@booktranslate/contract/placeholder-grammar': fileURLToPath(
        new URL('../../packages/contract/src/placeholder-grammar.ts', import.meta.url),
      ),
      '@booktranslate/contract/qa-finding-words': fileURLToPath(
        new URL('../../packages/contract/src/qa-finding-words.ts', import.meta.url),
      ),
      '@booktranslate/contract/formats': fileURLToPath(
        new URL('../../packages/contract/src/formats.ts', import.meta.url),
      ),
      '@booktranslate/contract/translation-statuses': fileURLToPath(
        new URL('../../packages/contract/src/translation-statuses.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: '@booktranslate/web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
