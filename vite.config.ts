import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the renderer only. The main process, preload and preview server are bundled by
// scripts/build-main.mjs (esbuild), because they target Node/CommonJS, not the browser.
export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: true,
    assetsInlineLimit: 0,
  },
});
