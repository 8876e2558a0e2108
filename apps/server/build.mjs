#!/usr/bin/env node
// Builds the server for plain Node: src/main.ts and the workspace contract package bundled by
// esbuild into dist/main.js (packages from node_modules stay imports, resolved at run time), the CLI
// (src/tools/portal.ts) the same way into dist/portal.js, with the files they read beside them: the SQL
// migrations (dist/migrations) and the export worker (dist/xlsx-worker.mjs, plain JS, type-checked by
// tsc -b). Production: node apps/server/dist/main.js, and `npm run portal` = node apps/server/dist/portal.js
// (both run in a tree pruned with `npm prune --omit=dev`: nothing of theirs needs tsx or a dev package).
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
// `--outdir <dir>`: elsewhere (a test's copy of the tree builds into its own apps/server/dist)
const outAt = process.argv.indexOf('--outdir');
const out = outAt > 0 ? path.resolve(process.argv[outAt + 1]) : path.join(here, 'dist');
const started = performance.now();

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  // two bundles, each whole (no shared chunks): the CLI starts without loading the server's routes
  entryPoints: { main: path.join(here, 'src/main.ts'), portal: path.join(here, 'src/tools/portal.ts') },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // every bundled module's import.meta.url is dist/main.js (dist/portal.js): config.ts finds the repository root three
  // folders up (as from src/), client.ts the migrations in dist/migrations, xlsx-stream.ts the worker beside it
  logLevel: 'warning',
  legalComments: 'none',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // bare imports stay imports, except the workspace contract package (TypeScript sources)
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { external: true }));
      },
    },
  ],
});
cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
cpSync(path.join(here, 'src/lib/export/xlsx-worker.mjs'), path.join(out, 'xlsx-worker.mjs'));
console.log(`server built into ${path.relative(process.cwd(), out) || '.'} in ${Math.round(performance.now() - started)} ms`);
