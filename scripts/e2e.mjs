#!/usr/bin/env node
// Builds the web app and runs the Playwright suite in Debian's Chromium (never a downloaded browser).
// Extra arguments go to `playwright test` (e.g. a spec file). E2E_PORT and WEB_OUT_DIR move the
// server port and the build directory so that several runs can share one machine.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './lib/chromium.mjs';

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const chromium = ensureChromium();
if (!process.env.E2E_SKIP_BUILD) run('npm', ['run', 'build', '-w', 'apps/web']);
run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
