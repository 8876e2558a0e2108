#!/usr/bin/env node
// `npm test`: type-check, lint, unit/component/API tests (API on PGlite, and again on PostgreSQL
// when TEST_DATABASE_URL is set), then the Playwright suite in Debian's Chromium.
import { spawnSync } from 'node:child_process';

const steps = [];
const step = (name, cmd, args, env = {}) => steps.push({ name, cmd, args, env });

step('type-check', 'npx', ['tsc', '-b']);
step('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
// unused files, exports and dependencies fail the build (knip.json: the entry files of each workspace)
step('unused files, exports and dependencies (knip)', 'npx', ['knip']);
step('API document: redocly lint and a typed client that compiles', 'node', ['scripts/api-document.mjs']);
step('unit, component and API tests (PGlite)', 'npx', ['vitest', 'run']);
if (process.env.TEST_DATABASE_URL) {
  step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB: 'pg' });
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}
if (!process.env.SKIP_E2E) step('end-to-end tests (Chromium)', 'node', ['scripts/e2e.mjs']);

const results = [];
for (const s of steps) {
  console.log(`\n━━ ${s.name}`);
  const t0 = Date.now();
  const r = spawnSync(s.cmd, s.args, { stdio: 'inherit', env: { ...process.env, ...s.env } });
  results.push({ name: s.name, ok: r.status === 0, s: Math.round((Date.now() - t0) / 1000) });
  if (r.status !== 0) break;
}
console.log('\n━━ summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.s} s)`);
const failed = results.filter((r) => !r.ok).length + (steps.length - results.length);
process.exit(failed ? 1 : 0);
