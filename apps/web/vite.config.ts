import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { screenChunks } from './chunking.ts';
import { worldGeometryPlugin } from './world-geometry.ts';

/**
 * `.vite/boot.json`: per language, what index.html shows before the app has run: the loading
 * indicator's label, the login screen and the app layout's frame as HTML (app/prerender.tsx, rendered
 * here through Vite's SSR loader). The server writes them into the page it sends (apps/server/src/web-app.ts).
 */
function bootTexts(): Plugin {
  return {
    name: 'portal-boot-texts',
    apply: 'build',
    async generateBundle() {
      const localesDir = path.join(import.meta.dirname, '../../packages/contract/locales');
      const languages = readdirSync(localesDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
      const read = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8'));
      const locales = Object.fromEntries(languages.map((lng) => [lng, { common: read(lng, 'common'), auth: read(lng, 'auth') }]));
      const { login, appShell } = await prerender(import.meta.dirname, async (m) => ({
        login: await m.prerenderLogin(locales),
        appShell: await m.prerenderAppShell(locales),
      }));
      const texts = Object.fromEntries(
        languages.map((lng) => [lng, { loading: String(locales[lng]!.common.app.loading), login: login[lng], appShell: appShell[lng] }]),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/boot.json', source: JSON.stringify(texts) });
    },
  };
}

/** Loads the prerender module with Vite's SSR loader (TSX, the app's imports) and runs `run` on it. */
type PrerenderModule = typeof import('./src/app/prerender');
async function prerender<T>(root: string, run: (m: PrerenderModule) => Promise<T>) {
  const server = await createServer({
    configFile: false,
    root,
    plugins: [react()],
    logLevel: 'warn',
    appType: 'custom',
    // nothing is served or watched, and no dependency is pre-bundled: Node imports them as they are
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  try {
    return await run((await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule);
  } finally {
    await server.close();
  }
}

/**
 * Fails the build when the entry chunk (every page runs it first, the login page's critical path) holds
 * a module it must not: zod and the contract's schemas belong to the screens that validate with them.
 * The contract's index builds every schema when evaluated; one value imported from it by the login page
 * once put 110 KB of 586 into the entry (mobile Lighthouse /dashboard, total blocking time 818 → 401 ms
 * without it). The lint rule on app/, lib/ and auth says where; this says whether, whatever the path.
 */
function entryKeepsOut(kept: { what: string; id: RegExp }[]): Plugin {
  return {
    name: 'portal-entry-keeps-out',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        for (const { what, id } of kept) {
          const found = Object.keys(chunk.modules).filter((m) => id.test(m.replace(/\\/g, '/')));
          if (found.length)
            this.error(`the entry chunk holds ${what} (${found.length} modules, e.g. ${found[0]}): import it only from lazy screens`);
        }
      }
    },
  };
}

export default defineConfig(async ({ command }) => ({
  plugins: [
    react(),
    bootTexts(),
    worldGeometryPlugin(),
    entryKeepsOut([
      { what: 'zod', id: /\/node_modules\/zod\// },
      // constants, screens and currency (with the money arithmetic it uses) hold no schema: the entry may load them
      { what: "the contract's schemas", id: /\/packages\/contract\/src\/(?!constants|screens|currency|money)[^/]+\.ts$/ },
    ]),
  ],
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
