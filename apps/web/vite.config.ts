import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { screenChunks } from './chunking';

export default defineConfig(async ({ command }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // the server reads it to preload a screen's files with the page (apps/server/src/web-app.ts)
    manifest: true,
    chunkSizeWarningLimit: 700,
    // one stylesheet, loaded with the page: the screens' own CSS is a few KiB, not worth a request each
    cssCodeSplit: false,
    // one file per screen, not per set of importers (chunking.ts)
    rolldownOptions:
      command === 'build' ? { output: { codeSplitting: await screenChunks(import.meta.dirname, () => [react()].flat()) } } : {},
  },
}));
