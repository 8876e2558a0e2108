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
//
// The servers' data folders live under one temporary folder per run (E2E_TMP, playwright.config.ts),
// removed when the run ends. Stopped by a signal (Ctrl-C, a CI timeout), this stops each shard as
// Ctrl-C does (Playwright then stops its servers) and kills what is left of it, servers included.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const children = new Set();

/** The servers this run started that are still alive: the processes whose DATA_DIR is under this run's folder. */
function ownServers() {
  const found = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (env.some((v) => v.startsWith(`DATA_DIR=${tmp}/`))) found.push(Number(pid));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Kills what is left of the run (after a signal: the shards' process groups; always: its servers) and removes its folder. */
function cleanUp(groups = false) {
  for (const child of groups ? children : []) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (process.platform === 'linux')
    for (const pid of ownServers()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  rmSync(tmp, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the e2e run`);
    // as Ctrl-C: Playwright stops its servers and reports; whatever is left 10 s later is killed
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
    setTimeout(() => {
      cleanUp(true);
      process.exit(130);
    }, 10_000).unref();
    Promise.all([...children].map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('close', r))))).then(() => {
      cleanUp(true);
      process.exit(130);
    });
  });

/** One shard's run (its own process group), its output lines prefixed with the shard; resolves to its exit code. */
const shard = (i) =>
  new Promise((resolve) => {
    const args = shards === 1 ? playwright : [...playwright, `--shard=${i}/${shards}`, '--pass-with-no-tests'];
    const child = spawn('npx', args, {
      env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(basePort + 10 * (i - 1)), E2E_TMP: tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    const prefix = shards === 1 ? '' : `[${i}/${shards}] `;
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (s) => {
        const lines = (rest + s).split('\n');
        rest = lines.pop();
        for (const l of lines) to.write(`${prefix}${l}\n`);
      });
      from.on('end', () => rest && to.write(`${prefix}${rest}\n`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, k) => shard(k + 1)));
if (shards > 1) codes.forEach((c, k) => console.log(`shard ${k + 1}/${shards}: ${c === 0 ? 'passed' : `failed (exit ${c})`}`));
cleanUp();
process.exit(codes.every((c) => c === 0) ? 0 : 1);
