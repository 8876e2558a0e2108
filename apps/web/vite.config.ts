import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { screenChunks } from './chunking';
import { worldGeometryPlugin } from './world-geometry';

/**
 * `.vite/boot.json`: per language, the texts index.html shows before the app's translations load
 * (the loading indicator's label). The server writes them into the page it sends (apps/server/src/web-app.ts).
 */
function bootTexts(): Plugin {
  return {
    name: 'portal-boot-texts',
    apply: 'build',
    generateBundle() {
      const locales = path.join(import.meta.dirname, 'src/locales');
      const texts = Object.fromEntries(
        readdirSync(locales, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map(({ name: lng }) => {
            const common = JSON.parse(readFileSync(path.join(locales, lng, 'common.json'), 'utf8'));
            return [lng, { loading: String(common.app.loading) }];
          }),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/boot.json', source: JSON.stringify(texts) });
    },
  };
}

export default defineConfig(async ({ command }) => ({
  plugins: [react(), bootTexts(), worldGeometryPlugin()],
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
      command === 'build'
        ? { output: { codeSplitting: await screenChunks(import.meta.dirname, () => [react(), worldGeometryPlugin()].flat()) } }
        : {},
  },
}));
