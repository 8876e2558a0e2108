#!/usr/bin/env node
// `npm run bench`: runs every scripts/bench/*.mjs (or those named on the command line) and prints a
// table of figures with their targets. Benchmarks measure; tests never time things.
import { readdirSync } from 'node:fs';
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

const rows = [];
for (const f of files) {
  console.log(`\n== ${f}`);
  try {
    const mod = await import(pathToFileURL(path.join(dir, f)).href);
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
  }
}

console.log('\n| bench | figure | value | target | pass |\n|---|---|---|---|---|');
for (const r of rows) {
  const pass = r.pass === undefined ? '' : r.pass ? 'yes' : 'NO';
  console.log(`| ${r.bench} | ${r.name} | ${shown(r.value)} ${r.unit ?? ''} | ${r.target ?? ''} | ${pass} |`);
}
ctx.saveResults(rows);
