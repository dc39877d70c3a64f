import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { contractAliases } from './contract-aliases';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: contractAliases,
  },
  test: {
    name: '@booktranslate/web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
