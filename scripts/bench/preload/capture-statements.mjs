// Loaded into a bench server with `--import` (scripts/bench/lists.mjs, the deterministic counts), never into
// production: every statement that a request carrying `x-bench-capture: <tag>` sends through node-postgres is
// appended to the file BENCH_STATEMENTS as one JSON line { tag, text, values }. The request is followed with
// AsyncLocalStorage from the HTTP server's 'request' event, so the statements of its hooks, handler and of work
// it starts are caught wherever they run, and background work (workers, refreshes) is left out.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const file = process.env.BENCH_STATEMENTS;
if (!file) throw new Error('capture-statements.mjs: BENCH_STATEMENTS (the file to append to) is not set');
const request = new AsyncLocalStorage();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  const tag = event === 'request' ? args[0].headers['x-bench-capture'] : undefined;
  return tag ? request.run(tag, () => emit.call(this, event, ...args)) : emit.call(this, event, ...args);
};

// node-postgres as the server resolves it (an external package of its bundle): the same module instance
const pg = createRequire(path.resolve(import.meta.dirname, '../../../apps/server/package.json'))('pg');
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const tag = request.getStore();
  if (tag) {
    const text = typeof config === 'string' ? config : config?.text;
    const vals = Array.isArray(values) ? values : Array.isArray(config?.values) ? config.values : [];
    const line = JSON.stringify({ tag, text, values: vals }, (_, v) => (typeof v === 'bigint' ? String(v) : v));
    appendFileSync(file, `${line}\n`);
  }
  return query.call(this, config, values, callback);
};
