#!/usr/bin/env node
// `npm test`: type-check, format, lint, knip, the API document, the build and a smoke run of the built
// server under each other supported Node line (two at a time: each is one process on one core), then the
// unit/component/API tests on PGlite, the API suite again on PostgreSQL when TEST_DATABASE_URL is set, and
// the Playwright suite in Debian's Chromium against the build made above.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { nodeOfLine } from './lib/node-lines.mjs';

/**
 * A step: `cmd` may be a function giving [cmd, args] when the step starts (e.g. after installing a Node
 * line). Steps of one `together` group run side by side, as many at a time as the machine has cores, in
 * the order given (longest first).
 */
const steps = [];
const step = (name, cmd, args, env = {}) => ({ name, cmd, args, env });
const together = (name, ...group) => steps.push({ name, group });
const alone = (s) => steps.push(s);

// The other supported lines (engines: ^20.19 || ^22.12 || ^24), with Node binaries from the npm
// registry (scripts/lib/node-lines.mjs): the server built and started under each, a login and one
// list (scripts/smoke.mjs), rather than the whole API suite under each, which cost 197–674 s a line
// (docs/decisions/ci-time.md). Each builds into its own folder (dist-node<major>), so two run at once.
// NODE_LINES=22 picks lines; NODE_LINES=none runs none.
const ownLine = process.versions.node.split('.')[0];
const lines = (process.env.NODE_LINES ?? '22,24')
  .split(',')
  .map((l) => l.trim())
  .filter((l) => /^\d+$/.test(l) && l !== ownLine);
const e2e = !process.env.SKIP_E2E;

// Single-threaded tools, two at a time on two cores (60 s one after the other, docs/decisions/ci-time.md).
together(
  'checks, build and smoke runs',
  step('type-check', 'npx', ['tsc', '-b']),
  // the build the e2e suite runs against (scripts/e2e.mjs then skips its own)
  ...(e2e ? [step('build: web app and server', 'node', ['scripts/build-if-stale.mjs', '--force'])] : []),
  step('lint', 'npx', ['eslint', '--max-warnings=0', '.']),
  // unused files, exports and dependencies fail the build (knip.json: the entry files of each workspace)
  step('unused files, exports and dependencies (knip)', 'npx', ['knip']),
  step('format (prettier --check)', 'npx', ['prettier', '--check', '--log-level=warn', '.']),
  ...lines.map((major) =>
    step(`build, start, login and a list (smoke) on Node ${major}`, () => [
      nodeOfLine(major).bin,
      ['scripts/smoke.mjs', '--outdir', `apps/server/dist-node${major}`],
    ]),
  ),
  step('API document: redocly lint and a typed client that compiles', 'node', ['scripts/api-document.mjs']),
);
// each file's and test's time is kept in test-results/ (VITEST_JSON, vitest.config.ts)
alone(step('unit, component and API tests (PGlite)', 'npx', ['vitest', 'run'], { VITEST_JSON: 'test-results/vitest-pglite.json' }));
// The API suite runs twice, under this Node: on PGlite above (with the web and contract tests) and on
// PostgreSQL here, when TEST_DATABASE_URL is set. Each file's database is a copy of one migrated
// template built per run (apps/server/src/test/template.ts).
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
else
  alone(
    step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {
      TEST_DB: 'pg',
      VITEST_JSON: 'test-results/vitest-pg.json',
    }),
  );
if (e2e) alone(step('end-to-end tests (Chromium)', 'node', ['scripts/e2e.mjs'], { E2E_SKIP_BUILD: '1' }));

const seconds = (t0) => Math.round((Date.now() - t0) / 1000);

/** Runs a step; with `quiet`, its output is kept and printed whole when it ends (steps side by side). */
function run(s, quiet) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let { cmd, args } = s;
    const done = (ok, out = '') => {
      if (quiet) process.stdout.write(`\n━━ ${s.name}\n${out}`);
      resolve({ name: s.name, ok, s: seconds(t0) });
    };
    try {
      if (typeof cmd === 'function') [cmd, args] = cmd();
    } catch (e) {
      return done(false, `${String(e?.message ?? e)}\n`);
    }
    if (!quiet) console.log(`\n━━ ${s.name}`);
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...s.env } });
    let out = '';
    if (quiet) for (const from of [child.stdout, child.stderr]) from.on('data', (b) => (out += b));
    child.on('error', (e) => (out += `${e.message}\n`));
    child.on('close', (code) => done(code === 0, out));
  });
}

/** The steps of a group, `width` at a time in their order; none starts after one has failed. */
async function runGroup(group, width) {
  const results = new Array(group.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < group.length) {
      const i = next++;
      results[i] = await run(group[i], true);
      if (!results[i].ok) failed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, group.length) }, lane));
  return results.filter(Boolean);
}

const width = Math.max(1, os.availableParallelism());
const results = [];
for (const s of steps) {
  if (s.group) {
    const t0 = Date.now();
    console.log(`\n━━ ${s.name}: ${s.group.length} steps, ${width} at a time (each one's output when it ends)`);
    const rs = await runGroup(s.group, width);
    results.push(...rs.map((r) => ({ ...r, indent: true })), {
      name: `${s.name}, side by side`,
      ok: rs.every((r) => r.ok),
      s: seconds(t0),
      wall: true,
    });
  } else results.push(await run(s, false));
  if (!results.at(-1).ok) break;
}
console.log("\n━━ summary (s: each step's own time; a group's steps ran side by side, its wall time below them)");
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.indent ? '  ' : ''}${r.name} (${r.s} s)`);
// A failed test step's tests, by name, under the summary: the log a CI keeps may be only its tail.
for (const r of results.filter((x) => !x.ok && !x.wall)) {
  const file = steps.flatMap((s) => s.group ?? [s]).find((s) => s.name === r.name)?.env.VITEST_JSON;
  if (!file || !existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const f of report.testResults ?? []) {
    const where = f.name.replace(`${process.cwd()}/`, '');
    const failed = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) {
      const message = String(t.failureMessages?.[0] ?? '')
        .split('\n')
        .slice(0, 3);
      console.log(`  failed: ${where} > ${t.fullName}\n    ${message.join('\n    ')}`);
    }
    if (failed.length === 0 && f.status === 'failed') console.log(`  failed: ${where}: ${String(f.message ?? '').split('\n')[0]}`);
  }
}
const ran = results.filter((r) => !r.wall);
const failed = ran.filter((r) => !r.ok).length + (steps.reduce((n, s) => n + (s.group ? s.group.length : 1), 0) - ran.length);
process.exit(failed ? 1 : 0);
