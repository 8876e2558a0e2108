// pg-prepared-statements.md, "One generic plan per statement": a preload for the server that writes every named
// statement's text with up to four sets of values (the first calls with different values) to
// `$CAPTURE.<database name>` as JSON lines, for plan-census.mjs. With a lists bench run:
//   NODE_OPTIONS="--import $PWD/scripts/measure/plan-census-capture.mjs" CAPTURE=/tmp/cap \
//   LISTS_BENCH_N=150 LISTS_BENCH_WARM=20 LISTS_BENCH_PARTS=lists,totals,dashboard LISTS_BENCH_SEED=0 npm run bench -- lists
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(`${process.cwd()}/apps/server/package.json`)('pg');
const file = `${process.env.CAPTURE}.${process.env.DATABASE_URL?.split('/').pop()}`;
const seen = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function capture(config, values, callback) {
  if (process.env.DATABASE_URL && config && typeof config === 'object' && config.name && typeof config.text === 'string') {
    const vals = config.values ?? (Array.isArray(values) ? values : []);
    const key = JSON.stringify(vals);
    const sets = seen.get(config.text) ?? new Set();
    seen.set(config.text, sets);
    if (!sets.has(key) && sets.size < 4) {
      sets.add(key);
      appendFileSync(file, `${JSON.stringify({ text: config.text, values: vals })}\n`);
    }
  }
  return query.call(this, config, values, callback);
};
