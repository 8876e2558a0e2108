#!/usr/bin/env node
// `npm test`: type-check, lint, knip, unit/component/API tests on PGlite, the API suite again on
// PostgreSQL when TEST_DATABASE_URL is set and under each other supported Node line, then the
// Playwright suite in Debian's Chromium.
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
// Supported lines besides the one running this script (engines: ^20.19 || ^22.12 || ^24): the API
// suite runs once under each line, with Node binaries from the npm registry (scripts/lib/node-lines.mjs).
// The runs on PostgreSQL and on PGlite are shared out among the lines rather than repeated on each:
// PostgreSQL under the first other line, PGlite under the rest (so 22 on PostgreSQL, 24 on PGlite, and
// this line on PGlite above). Each line and each database runs the whole suite once; a fourth run
// would add 11 min on a slow machine (CI of 2026-11-28) and prove no more about either.
// The type-check is not repeated there: tsc's answer does not depend on the Node that runs it.
// NODE_LINES=22 picks lines; NODE_LINES=none runs both databases under this line.
const ownLine = process.versions.node.split('.')[0];
const lines = (process.env.NODE_LINES ?? '22,24')
  .split(',')
  .map((l) => l.trim())
  .filter((l) => /^\d+$/.test(l) && l !== ownLine);
/** The server suite under Node `major` (null: this process's Node), on PostgreSQL when `pg`. */
const serverSuite = (major, pg) => {
  const name = `API tests (${pg ? 'PostgreSQL' : 'PGlite'})${major ? ` on Node ${major}` : ''}`;
  const env = pg ? { TEST_DB: 'pg' } : {};
  if (!major) return step(name, 'npx', ['vitest', 'run', '--project', 'server'], env);
  let node;
  const onLine = () => {
    node ??= nodeOfLine(major);
    console.log(`Node ${node.version}`);
    return [node.bin, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server']];
  };
  step(name, onLine, undefined, env);
};
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
else serverSuite(lines[0] ?? null, true);
for (const major of lines.slice(process.env.TEST_DATABASE_URL ? 1 : 0)) serverSuite(major, false);
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
