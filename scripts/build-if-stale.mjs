#!/usr/bin/env node
// `npm start`: builds the web app and the server only when their output is missing or older than
// any of their sources (a fresh clone builds both; a second start builds nothing). `--force`
// builds both (`npm run build`); `server` (or `web`) only that one (`npm run portal`). Tests and e2e files
// are not sources of a build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const webOut = path.resolve(root, 'apps/web', process.env.WEB_OUT_DIR ?? 'dist');

/** What each build reads and writes; `output` is the file whose age stands for the whole build. */
export const BUILDS = [
  {
    name: 'web',
    output: path.join(webOut, 'index.html'),
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/chunking.ts',
      'apps/web/postcss.config.cjs',
      'apps/web/package.json',
      'packages/contract/src',
      'packages/contract/locales',
      'packages/contract/package.json',
      'scripts/compress-dist.mjs',
      'package-lock.json',
    ],
    command: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  {
    name: 'server',
    output: path.join(root, 'apps/server/dist/main.js'),
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/contract/src',
      'packages/contract/locales',
      'packages/contract/package.json',
    ],
    command: ['npm', ['run', 'build', '-w', 'apps/server']],
  },
];

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

/** The newest modification time (ms) of the files under `paths` (missing paths are skipped). */
export function newestSource(paths) {
  let newest = 0;
  const visit = (p) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else if (!isTest(p)) newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) visit(path.resolve(root, p));
  return newest;
}

/** Why `build` must run, or null when its output is newer than all its sources. */
export function staleReason(build) {
  if (!existsSync(build.output)) return `${path.relative(root, build.output)} is missing`;
  const out = statSync(build.output).mtimeMs;
  return newestSource(build.sources) > out ? 'sources changed since the last build' : null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const force = process.argv.includes('--force');
  // names (`server`): only those builds, reporting on stderr (`npm run portal` checks the server's, and its
  // stdout is the CLI's own)
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const say = only.length ? console.error : console.log;
  for (const build of BUILDS.filter((b) => !only.length || only.includes(b.name))) {
    const reason = force ? 'npm run build' : staleReason(build);
    if (!reason) {
      if (!only.length) say(`${build.name}: up to date`);
      continue;
    }
    say(`${build.name}: building (${reason})`);
    const [cmd, args] = build.command;
    const r = spawnSync(cmd, args, { cwd: root, stdio: ['inherit', only.length ? process.stderr : 'inherit', 'inherit'] });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
