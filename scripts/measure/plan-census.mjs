// pg-prepared-statements.md, "One generic plan per statement": each statement captured by plan-census-capture.mjs,
// prepared on one connection and run with its values under force_custom_plan and under force_generic_plan: the
// planner's cost and the median of 15 calls (a custom call includes its planning). `auto` plans again on every call
// what is marked "auto plans per call" (generic estimate dearer); "generic slower" is what must stay planned per call.
//   node scripts/measure/plan-census.mjs postgres://postgres@127.0.0.1:5432/portal_bench_scale_10000000 /tmp/cap.portal_bench_scale_10000000
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(`${process.cwd()}/apps/server/package.json`)('pg');
const [url, file] = process.argv.slice(2);
if (!url || !file) throw new Error('usage: plan-census.mjs <database URL> <capture file>');
const statements = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const client = new pg.Client(url);
await client.connect();
const literal = (v) =>
  v === null
    ? 'null'
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : client.escapeLiteral(typeof v === 'object' ? JSON.stringify(v) : String(v));

async function measure(name, args, mode) {
  await client.query(`set plan_cache_mode = ${mode}`);
  const plan = await client.query(`explain (format json) execute ${name}${args}`);
  const times = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    await client.query(`execute ${name}${args}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { cost: plan.rows[0]['QUERY PLAN'][0].Plan['Total Cost'], ms: times[7] };
}

for (const [i, { text, values }] of statements.entries()) {
  const name = `census_${i}`;
  const args = values.length ? `(${values.map(literal).join(', ')})` : '';
  const shown = text.replace(/\s+/g, ' ').slice(0, 140);
  try {
    await client.query(`prepare ${name} as ${text}`);
    const custom = await measure(name, args, 'force_custom_plan');
    const generic = await measure(name, args, 'force_generic_plan');
    await client.query(`deallocate ${name}`);
    const flag = generic.ms > custom.ms * 1.1 ? 'generic slower' : generic.cost > custom.cost + 10 ? 'auto plans per call' : 'same';
    console.log(
      `#${i + 1} ${flag}: custom ${custom.cost} (${custom.ms.toFixed(3)} ms), generic ${generic.cost} (${generic.ms.toFixed(3)} ms) :: ${shown}`,
    );
  } catch (e) {
    // e.g. an insert whose key is taken by now
    console.log(`#${i + 1} not run (${e.message}) :: ${shown}`);
    await client.query(`deallocate ${name}`).catch(() => undefined);
  }
}
await client.end();
