import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The language list, the inline kinds and the placeholder reader are imported on their own so the
// contract's zod schemas stay out of the browser bundle.
const alias = {
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
};

// The API runs on :3000 in development; the built app is served by the same server in production.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
