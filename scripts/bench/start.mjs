// Issue 16: start times of the compiled server. A second `npm start` on a seeded embedded database
// (nothing to build: goal < 5 s to the first 200 of /api/health), and cold starts of
// `node apps/server/dist/main.js` on a seeded embedded database and on a seeded PostgreSQL database,
// beside a Fastify hello-world started the same way (spawned, timed to its first 200). Each figure
// carries the load average at its end: on a shared machine it explains more than the figure.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * Spawns `cmd` in a process group of its own and resolves with the ms to the first 200 of `url`;
 * `stop` ends that group (npm start's npm, shell and node).
 */
async function timeToFirst200(ctx, cmd, args, env, url) {
  const started = performance.now();
  const proc = spawn(cmd, args, { cwd: ctx.root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      process.kill(-proc.pid, 'SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    // npm exits at once; the server closes its database after its start work (the demo seed): wait for the group
    for (;;) {
      try {
        process.kill(-proc.pid, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${cmd} ${args.join(' ')} exited ${proc.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
    if (performance.now() - started > 300_000) {
      await stop();
      throw new Error(`${cmd} did not answer within 300 s`);
    }
  }
  return { ms: Math.round(performance.now() - started), stop };
}

/** Starts, times and stops; returns the ms. */
async function once(ctx, cmd, args, env, url) {
  const run = await timeToFirst200(ctx, cmd, args, env, url);
  await run.stop();
  return run.ms;
}

export default async function start(ctx) {
  const rows = [];
  const row = (name, ms, target, pass) => rows.push({ name, value: ms, unit: `ms (load ${load()})`, target, pass });
  const server = path.join(ctx.root, 'apps/server/dist/main.js');
  const web = path.resolve(ctx.root, 'apps/web', process.env.WEB_OUT_DIR ?? 'dist');
  const base = { HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: web };

  // what is stale is built first, as npm start would, so that the figures below time the server alone
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ctx.root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('scripts/build-if-stale.mjs failed');
  // npm start twice on one fresh embedded database: the first migrates and seeds the demo
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'));
  try {
    let port = await ctx.freePort();
    const env = { ...base, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' };
    // issue 59: a newcomer's first start answers the login page within 10 s (the build aside)
    const first = await once(ctx, 'npm', ['start'], env, `http://127.0.0.1:${port}/login`);
    row('first npm start on a fresh embedded database (migrate, demo seed) to the login page', first, '≤ 10000 ms', first <= 10_000);
    port = await ctx.freePort();
    const second = await once(ctx, 'npm', ['start'], { ...env, PORT: String(port) }, `http://127.0.0.1:${port}/api/health`);
    row('second npm start, seeded embedded database', second, '< 5000 ms', second < 5000);

    port = await ctx.freePort();
    const embedded = await once(ctx, process.execPath, [server], { ...env, PORT: String(port) }, `http://127.0.0.1:${port}/api/health`);
    row('cold start node dist/main.js, seeded embedded database', embedded);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  // PostgreSQL: a database of its own, seeded by a first start with DEMO_DATA=1, then a cold start
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const name = `portal_bench_start_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let pgReady = false;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    pgReady = true;
  } catch (e) {
    rows.push({ name: 'cold start on PostgreSQL', value: `skipped: ${e.message}` });
  }
  if (pgReady) {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pgData = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-pg-'));
    try {
      const env = { ...base, DATABASE_URL: url.toString(), DATA_DIR: pgData };
      let port = await ctx.freePort();
      const seeding = await once(
        ctx,
        process.execPath,
        [server],
        { ...env, PORT: String(port), DEMO_DATA: '1' },
        `http://127.0.0.1:${port}/api/health`,
      );
      rows.push({ name: 'first start on PostgreSQL (migrate, demo seed)', value: seeding, unit: `ms (load ${load()})` });
      port = await ctx.freePort();
      const cold = await once(ctx, process.execPath, [server], { ...env, PORT: String(port) }, `http://127.0.0.1:${port}/api/health`);
      row('cold start node dist/main.js, seeded PostgreSQL', cold);
    } finally {
      rmSync(pgData, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    }
  }
  await admin.end().catch(() => {});

  // the yardstick: a Fastify hello-world file, started and timed the same way
  const helloDir = mkdtempSync(path.join(ctx.root, 'apps/server/.bench-hello-'));
  try {
    const file = path.join(helloDir, 'hello.mjs');
    writeFileSync(
      file,
      "import Fastify from 'fastify';\nconst app = Fastify();\napp.get('/', async () => ({ hello: 'world' }));\n" +
        "await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n",
    );
    const port = await ctx.freePort();
    const hello = await once(ctx, process.execPath, [file], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
    row('cold start of a Fastify hello-world (node hello.mjs)', hello);
  } finally {
    rmSync(helloDir, { recursive: true, force: true });
  }
  return rows;
}
