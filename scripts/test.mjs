#!/usr/bin/env node
// `npm test`: type-check, lint, knip, unit/component/API tests on PGlite, the API suite again on
// PostgreSQL when TEST_DATABASE_URL is set, a smoke run of the built server under each other
// supported Node line, then the Playwright suite in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { nodeOfLine } from './lib/node-lines.mjs';

const steps = [];
/** `cmd` may be a function giving [cmd, args] when the step starts (e.g. after installing a Node line). */
const step = (name, cmd, args, env = {}) => steps.push({ name, cmd, args, env });

step('type-check', 'npx', ['tsc', '-b']);
step('format (prettier --check)', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
step('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
// unused files, exports and dependencies fail the build (knip.json: the entry files of each workspace)
step('unused files, exports and dependencies (knip)', 'npx', ['knip']);
step('API document: redocly lint and a typed client that compiles', 'node', ['scripts/api-document.mjs']);
step('unit, component and API tests (PGlite)', 'npx', ['vitest', 'run']);
// The API suite runs twice, under this Node: on PGlite above (with the web and contract tests) and on
// PostgreSQL here, when TEST_DATABASE_URL is set. Each file's database is a copy of one migrated
// template built per run (apps/server/src/test/template.ts).
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
else step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB: 'pg' });
// The other supported lines (engines: ^20.19 || ^22.12 || ^24), with Node binaries from the npm
// registry (scripts/lib/node-lines.mjs): the server built and started under each, a login and one
// list (scripts/smoke.mjs), rather than the whole API suite under each, which cost 197–674 s a line
// (docs/decisions/ci-time.md).
// NODE_LINES=22 picks lines; NODE_LINES=none runs none.
const ownLine = process.versions.node.split('.')[0];
const lines = (process.env.NODE_LINES ?? '22,24')
  .split(',')
  .map((l) => l.trim())
  .filter((l) => /^\d+$/.test(l) && l !== ownLine);
for (const major of lines)
  step(`build, start, login and a list (smoke) on Node ${major}`, () => [nodeOfLine(major).bin, ['scripts/smoke.mjs']]);
if (!process.env.SKIP_E2E) step('end-to-end tests (Chromium)', 'node', ['scripts/e2e.mjs']);

const results = [];
for (const s of steps) {
  console.log(`\n━━ ${s.name}`);
  const t0 = Date.now();
  let cmd = s.cmd;
  let args = s.args;
  try {
    if (typeof cmd === 'function') [cmd, args] = cmd();
  } catch (e) {
    console.error(String(e?.message ?? e));
    results.push({ name: s.name, ok: false, s: Math.round((Date.now() - t0) / 1000) });
    break;
  }
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...s.env } });
  results.push({ name: s.name, ok: r.status === 0, s: Math.round((Date.now() - t0) / 1000) });
  if (r.status !== 0) break;
}
console.log('\n━━ summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.s} s)`);
const failed = results.filter((r) => !r.ok).length + (steps.length - results.length);
process.exit(failed ? 1 : 0);
