import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractAliases } from './contract-aliases';

// The contract's zod-free files resolve on their own (contract-aliases.ts), keeping zod out of the
// bundle. The API runs on :3000 in development; the built app is served by the same server in production.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: contractAliases },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest tells scripts/prerender-pages.ts which chunks each pre-rendered page preloads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
