#!/usr/bin/env node
// `npm run bench`: runs every scripts/bench/*.mjs (or those named on the command line) and prints a
// table of figures with their targets. Benchmarks measure; tests never time things.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ctx from './bench/lib.mjs';

const dir = path.join(import.meta.dirname, 'bench');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'lib.mjs')
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort((a, b) => (a === 'skeleton.mjs' ? -1 : b === 'skeleton.mjs' ? 1 : a.localeCompare(b)));

/**
 * A figure as printed: a fraction to four significant digits. Benches hand over the figure itself and judge
 * their goals on it, never on what is printed (0.0497 printed as 0.05 once passed '≥ 0.05').
 */
const shown = (v) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(4)) : v);

// stopped half way (Ctrl-C, kill): the servers it started stop too, not left running on a shared machine
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void ctx.stopAll().finally(() => process.exit(130)));

// a part's stray promise that fails (books.mjs's heap sampler once, after its browser had closed) is printed,
// not the end of the whole run
process.on('unhandledRejection', (e) => console.error(`   unhandled rejection: ${e?.stack ?? e}`));

const rows = [];
const began = performance.now();
/** seconds since `t0`, to a tenth */
const since = (t0) => Math.round((performance.now() - t0) / 100) / 10;
const load = () =>
  `load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (1, 5, 15 min) on ${os.cpus().length} cores`;
for (const f of files) {
  const mod = await import(pathToFileURL(path.join(dir, f)).href);
  // a module without a default export is a helper of the others (scale-seed.mjs), not a part
  if (typeof mod.default !== 'function') continue;
  console.log(`\n== ${f}`);
  const t0 = performance.now();
  try {
    const out = await mod.default(ctx);
    for (const r of out) {
      rows.push({ bench: f.replace('.mjs', ''), ...r });
      console.log(`   ${r.name}: ${shown(r.value)} ${r.unit ?? ''}${r.target ? `  (target ${r.target})` : ''}`);
    }
  } catch (e) {
    console.error(`   failed: ${e?.stack ?? e}`);
    rows.push({ bench: f.replace('.mjs', ''), name: 'error', value: String(e?.message ?? e), pass: false });
  } finally {
    await ctx.stopAll();
    // each part's time: the whole bench, its data seeded, is to run in under 15 minutes (issue 57)
    rows.push({ bench: f.replace('.mjs', ''), name: `duration of this part (${load()})`, value: since(t0), unit: 's' });
    console.log(`   duration: ${since(t0)} s`);
  }
}
const total = since(began);
rows.push({ bench: 'all', name: `duration of the ${only.length ? 'parts run' : 'whole bench'} (${load()})`, value: total, unit: 's' });
if (!only.length) rows[rows.length - 1] = { ...rows.at(-1), target: '≤ 900 s', pass: total <= 900 };

console.log('\n| bench | figure | value | target | pass |\n|---|---|---|---|---|');
for (const r of rows) {
  const pass = r.pass === undefined ? '' : r.pass ? 'yes' : 'NO';
  console.log(`| ${r.bench} | ${r.name} | ${shown(r.value)} ${r.unit ?? ''} | ${r.target ?? ''} | ${pass} |`);
}
ctx.saveResults(rows);
