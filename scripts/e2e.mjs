#!/usr/bin/env node
// Builds the web app and the server, and runs the Playwright suite in Debian's Chromium (never a downloaded browser).
// Extra arguments go to `playwright test` (e.g. a spec file). E2E_PORT and WEB_OUT_DIR move the
// server port and the build directory so that several runs can share one machine.
//
// The whole suite runs as E2E_SHARDS Playwright processes side by side (default: 2 on a machine with at
// least two cores, else 1; 1 when arguments pick specs), each on its own pair of servers and fresh
// databases (ports E2E_PORT + 10 × (shard − 1) and the next two), so no spec sees another's writes.
// One process keeps about one core busy (the page's scripts and axe in Chromium; the servers wait):
// on 2 cores the 133 tests took 34 min in one process, 13.5 min in two (CI, 2026-11-27).
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { ensureChromium } from './lib/chromium.mjs';

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const chromium = ensureChromium({ headlessShell: true });
// the suite runs against the built server, as `npm start` and production run it (node apps/server/dist/main.js)
if (!process.env.E2E_SKIP_BUILD) {
  run('npm', ['run', 'build', '-w', 'apps/web']);
  run('node', ['apps/server/build.mjs']);
}

const basePort = Number(process.env.E2E_PORT ?? 4173);
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? (process.argv.length > 2 ? 1 : Math.min(2, os.availableParallelism()))) || 1);
const playwright = ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)];
if (shards === 1) {
  run('npx', playwright, { env: { ...process.env, CHROMIUM_PATH: chromium } });
  process.exit(0);
}

/** One shard's run, its output lines prefixed with the shard; resolves to its exit code. */
const shard = (i) =>
  new Promise((resolve) => {
    const child = spawn('npx', [...playwright, `--shard=${i}/${shards}`, '--pass-with-no-tests'], {
      env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(basePort + 10 * (i - 1)) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (s) => {
        const lines = (rest + s).split('\n');
        rest = lines.pop();
        for (const l of lines) to.write(`[${i}/${shards}] ${l}\n`);
      });
      from.on('end', () => rest && to.write(`[${i}/${shards}] ${rest}\n`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, k) => shard(k + 1)));
codes.forEach((c, k) => console.log(`shard ${k + 1}/${shards}: ${c === 0 ? 'passed' : `failed (exit ${c})`}`));
process.exit(codes.every((c) => c === 0) ? 0 : 1);
