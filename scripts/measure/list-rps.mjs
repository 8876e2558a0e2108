// The royalty and invoice lists' first page in req/s ÷ a Fastify hello-world (issue 17's rps figure), as an
// A/B of several checkouts in one run: a server built from each ROOTS entry (name=path of a checkout with
// node_modules; default: this one), all on one database, loaded in alternating order, a hello-world each
// round; prints req/s, the ratio to that round's hello-world and the server's CPU µs per request (read from
// /proc: steadier than req/s on a shared machine). Needs a seeded lists-bench database and no seeding.
// env: ROOTS ("base=/tmp/main-copy,new=."), DB (default portal_bench_scale_small_10000), WHO (company id,
// default scale10k; password bench1234), MODES (kept,uncached), PATHS, DUR (s), ROUNDS, NOBUILD.
// e.g. DB=portal_bench_scale_10000000 WHO=scale1m MODES=uncached,kept ROUNDS=3 node scripts/measure/list-rps.mjs
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, login, freePort, sh } from '../bench/lib.mjs';
const roots = (process.env.ROOTS ?? `new=${path.resolve(import.meta.dirname, '../..')}`).split(',').map((x) => x.split('='));
const db = process.env.DB ?? 'portal_bench_scale_small_10000';
const who = process.env.WHO ?? 'scale10k';
const dur = Number(process.env.DUR ?? 5);
const rounds = Number(process.env.ROUNDS ?? 2);
const modes = (process.env.MODES ?? 'kept').split(',');
const paths = (process.env.PATHS ?? '/api/copyright/royalty,/api/calculate/buyInvoiceSend').split(',');
const la = () => os.loadavg()[0].toFixed(2);
const cpu = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // ms
};
async function waitFor(url) {
  for (let i = 0; i < 4000; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not up');
}
const procs = [];
function spawnNode(args, env, cwd) {
  const proc = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  procs.push(proc);
  return proc;
}
const servers = [];
for (const [name, root] of roots) {
  if (!process.env.NOBUILD) sh(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'ignore' });
  const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
  const opts = /\bnode((?: --\S+)*) apps\/server\/dist\/main\.js/.exec(scripts.start)[1].split(' ').filter(Boolean);
  const port = await freePort();
  const proc = spawnNode(
    [...opts, ...(process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : []), 'apps/server/dist/main.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), `portal-rps-${name}`),
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
    },
    root,
  );
  servers.push({ name, url: `http://127.0.0.1:${port}`, proc });
}
const hport = await freePort();
spawnNode(
  ['-e', `const f=require('fastify')();f.get('/',async()=>({hello:'world'}));f.listen({port:${hport},host:'127.0.0.1'})`],
  {},
  path.resolve(import.meta.dirname, '../../apps/server'),
);
const results = {};
try {
  for (const s of servers) {
    await waitFor(`${s.url}/api/health`);
    s.tok = await login(s.url, who, 'bench1234');
  }
  await waitFor(`http://127.0.0.1:${hport}/`);
  // warm-up: every server, path and mode 2 s
  for (const s of servers)
    for (const p of paths)
      for (const m of modes)
        await load(`${s.url}${p}?start=0&length=10`, {
          connections: 10,
          duration: 2,
          headers: { authorization: `Bearer ${s.tok}`, ...(m === 'uncached' ? { 'cache-control': 'no-cache' } : {}) },
        });
  for (let r = 0; r < rounds; r++) {
    const h = await load(`http://127.0.0.1:${hport}/`, { connections: 10, duration: dur });
    console.log(`round ${r + 1}: hello-world ${h.rps} req/s (load ${la()})`);
    const order = r % 2 ? [...servers].reverse() : servers;
    for (const p of paths)
      for (const m of modes)
        for (const s of order) {
          const headers = { authorization: `Bearer ${s.tok}`, ...(m === 'uncached' ? { 'cache-control': 'no-cache' } : {}) };
          const c0 = cpu(s.proc.pid);
          const x = await load(`${s.url}${p}?start=0&length=10`, { connections: 10, duration: dur, headers });
          const us = ((cpu(s.proc.pid) - c0) * 1000) / (x.rps * dur);
          const k = `${p.split('/').pop()} ${m} ${s.name}`;
          (results[k] ??= []).push(x.rps / h.rps);
          console.log(
            `  ${k}: ${x.rps} req/s = ${(x.rps / h.rps).toFixed(3)} × hello, ${us.toFixed(0)} µs CPU/req, p99 ${x.p99} ms, non2xx ${x.non2xx} (load ${la()})`,
          );
        }
  }
  console.log('median ratios:');
  for (const [k, v] of Object.entries(results)) {
    const s = [...v].sort((a, b) => a - b);
    console.log(`  ${k}: ${s[Math.floor(s.length / 2)].toFixed(3)} [${v.map((x) => x.toFixed(3)).join(', ')}]`);
  }
} finally {
  for (const p of procs)
    if (p.exitCode === null) {
      p.kill('SIGTERM');
      await new Promise((r) => p.once('exit', r));
    }
}
