#!/usr/bin/env node
// Lighthouse A/B of web builds: each build served by its own server (embedded database), audited in
// alternation, one run each per round, so that both see the same machine. Prints every run and the
// medians. Usage: node scripts/measure/lighthouse-ab.mjs <dist,dist,...> [page, default /dashboard] [rounds, default 3]
// (PRESET=desktop for lighthouse's desktop config; BENCH_LH_DUMP=<dir> keeps the reports). A build:
// `WEB_OUT_DIR=/tmp/a npm run build -w apps/web` in a checkout of each version.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const lib = await import(path.join(root, 'scripts/bench/lib.mjs'));
const dists = (process.argv[2] ?? '').split(',').filter(Boolean);
if (!dists.length) throw new Error('usage: lighthouse-ab.mjs <dist,dist,...> [page] [rounds]');
const page = process.argv[3] ?? '/dashboard';
const rounds = Number(process.argv[4] ?? 3);
const preset = process.env.PRESET ?? 'mobile';
const servers = [];
try {
  for (const d of dists) servers.push(await lib.startServer({ DATABASE_URL: '', WEB_DIST: path.resolve(d) }));
  const tokens = [];
  for (const s of servers) tokens.push(await lib.login(s.url));
  const runs = dists.map(() => []);
  for (let i = 0; i < rounds; i++)
    for (let k = 0; k < dists.length; k++) {
      const [r] = await lib.lighthouseRuns(`${servers[k].url}${page}`, {
        token: page === '/login' ? undefined : tokens[k],
        preset,
        runs: 1,
      });
      runs[k].push(r);
      console.log(
        `${dists[k]} ${page}: ${r.score} (tbt ${Math.round(r.tbt)}, lcp ${Math.round(r.lcp)}, benchmarkIndex ${r.benchmarkIndex})`,
      );
    }
  for (let k = 0; k < dists.length; k++) {
    const med = (key) => Math.round(lib.median(runs[k].map((r) => r[key])));
    console.log(`median ${dists[k]} ${page}: ${lib.median(runs[k].map((r) => r.score))} (tbt ${med('tbt')}, lcp ${med('lcp')})`);
  }
} finally {
  for (const s of servers) await s.stop();
}
