import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { alias } from './vite.config';

export default defineProject({
  plugins: [react()],
  resolve: { alias },
  test: {
    name: '@booktranslate/web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
