// pg-prepared-statements.md: requests/s of the royalty and invoice lists' first page, uncached
// (`Cache-Control: no-cache`), with DATABASE_PREPARED=0 and =1, in alternating rounds, beside a
// Fastify hello-world; each figure with the 1-minute load average.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_scale_1000000 node scripts/measure/pg-prepared.mjs
// (a database the lists bench seeded: company scale1m, password bench1234). ROUNDS (3), DURATION (5 s).
import os from 'node:os';
import { helloWorld, load, login, startServer } from '../bench/lib.mjs';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a database seeded by the lists bench');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const duration = Number(process.env.DURATION ?? 5);
const LISTS = ['/api/copyright/royalty', '/api/calculate/buyInvoiceSend'];
const la = () => os.loadavg()[0].toFixed(1);
const results = {};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? ['1', '0'] : ['0', '1'];
  for (const prepared of order) {
    const server = await startServer({ DATABASE_URL: url, DATABASE_PREPARED: prepared });
    try {
      const headers = { authorization: `Bearer ${await login(server.url, 'scale1m', 'bench1234')}`, 'cache-control': 'no-cache' };
      for (const path of LISTS) {
        // warm: the royalty list's kept summary, the statements of the pool's connections
        await load(`${server.url}${path}?start=0&length=10`, { duration: 2, headers });
        const r = await load(`${server.url}${path}?start=0&length=10`, { duration, headers });
        (results[`${path} prepared=${prepared}`] ??= []).push(r.rps);
        console.log(`round ${round + 1} ${path} DATABASE_PREPARED=${prepared}: ${r.rps} req/s (p99 ${r.p99} ms; load ${la()})`);
      }
    } finally {
      await server.stop();
    }
  }
  const hello = await helloWorld();
  const h = await load(hello.url, { duration });
  await hello.stop();
  (results['hello-world'] ??= []).push(h.rps);
  console.log(`round ${round + 1} hello-world: ${h.rps} req/s (load ${la()})`);
}
for (const [k, xs] of Object.entries(results)) console.log(`${k}: median ${median(xs)} req/s [${xs.join(', ')}]`);
