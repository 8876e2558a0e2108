// Issue 13 item 4, issue 56: a flood of correct logins cannot stall the server, on either database.
// 60 s of 50 connections sending correct logins (demo / demo1234) to the real server, each request from a new
// client address (X-Forwarded-For behind TRUST_PROXY=loopback: the worst case, where no per-client limit
// applies and every login reaches the hashing queue), then 30 s of the same from one client (the per-client
// rate limit answers). Meanwhile a separate process asks GET /api/health every 20 ms. Figures: login p99,
// /api/health p99 during the flood (goal ≤ 50 ms), answers other than 200/429/503 and socket errors/timeouts
// (goal 0), the mix of answers; each with the load average, and health p99 over 10 s with no flood before
// (what the machine's own load costs a probe). Once on the embedded database, once on a fresh PostgreSQL
// database of its own (BENCH_DATABASE_URL / TEST_DATABASE_URL, else the local server; dropped afterwards);
// BENCH_LOGIN_FLOOD_DBS=pglite or =pg runs one.
import { spawn } from 'node:child_process';
import os from 'node:os';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_LOGIN_FLOOD_SECONDS ?? 60);
const ONE_CLIENT_DURATION = Number(process.env.BENCH_LOGIN_FLOOD_ONE_CLIENT_SECONDS ?? 30);
const IDLE_SECONDS = 10;
const HEALTH_GOAL_MS = 50;
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const load = () => `load ${round(os.loadavg()[0])} on ${os.cpus().length} cores`;

/** GET /api/health in its own process, one request every 20 ms, until stopped; resolves with the sorted latencies. */
function healthProbe(url) {
  const code = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = []; let errors = 0; let stop = false;
    process.on('message', () => { stop = true; });
    const once = () => new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(${JSON.stringify(`${url}/api/health`)}, { agent, timeout: 10000 }, (res) => {
        res.resume();
        res.on('end', () => { if (res.statusCode === 200) times.push(performance.now() - t0); else errors++; resolve(); });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => { errors++; resolve(); });
    });
    (async () => {
      while (!stop) { await once(); await new Promise((r) => setTimeout(r, 20)); }
      process.send({ times: times.sort((a, b) => a - b), errors }, () => process.exit(0));
    })();`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const done = new Promise((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (c) => c !== 0 && reject(new Error(`health probe exited ${c}`)));
  });
  return {
    async stop() {
      proc.send('stop');
      return done;
    },
  };
}

async function flood(ctx, url, { seconds, newClientEachRequest }) {
  const { default: autocannon } = await import('autocannon');
  let n = 0;
  const probe = healthProbe(url);
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/company/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'demo', password: 'demo1234', company_division: 'AUT' }),
        // a client address from 10.0.0.0/8 per request (TRUST_PROXY=loopback lets the server see it)
        ...(newClientEachRequest && {
          setupRequest: (req) => {
            n++;
            return { ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } };
          },
        }),
      },
    ],
  });
  const health = await probe.stop();
  const codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  const other = Object.entries(codes)
    .filter(([code]) => !['200', '429', '503'].includes(code))
    .reduce((a, [, c]) => a + c, 0);
  return {
    loginP99: r.latency.p99,
    loginP50: r.latency.p50,
    total: r.requests.total,
    codes,
    errors: other + r.errors + r.timeouts + health.errors,
    socketErrors: r.errors,
    timeouts: r.timeouts,
    healthP99: round(ctx.percentile(health.times, 99), 2),
    healthP50: round(ctx.percentile(health.times, 50), 2),
    healthN: health.times.length,
    healthErrors: health.errors,
  };
}

const DBS = (process.env.BENCH_LOGIN_FLOOD_DBS ?? 'pglite,pg').split(',');

export default async function (ctx) {
  const out = [];
  for (const db of DBS) {
    if (db === 'pglite') out.push(...(await floods(ctx, 'embedded', {})));
    if (db !== 'pg') continue;
    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const { default: pg } = await import('pg');
    const name = `portal_bench_flood_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      out.push(...(await floods(ctx, 'PostgreSQL', { DATABASE_URL: url.toString(), DEMO_DATA: '1' })));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  }
  return out;
}

/** The two floods and a login after them, on a server started with `env`; rows labelled with `dbLabel`. */
async function floods(ctx, dbLabel, env) {
  const server = await ctx.startServer({ TRUST_PROXY: 'loopback', LOG_LEVEL: 'error', ...env });
  const out = [];
  try {
    await ctx.login(server.url); // the demo login works (and its dummy hash is made) before the clock starts
    // the same probe with no flood: what this (shared) machine's load alone costs a health check
    const idleProbe = healthProbe(server.url);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idle = await idleProbe.stop();
    out.push({
      name: `${dbLabel}: /api/health p99 with no flood (${IDLE_SECONDS} s, ${idle.times.length} probes, p50 ${round(ctx.percentile(idle.times, 50), 2)} ms)`,
      value: round(ctx.percentile(idle.times, 99), 2),
      unit: `ms (${load()})`,
    });
    const rows = (label, f) => {
      const l = load();
      const mix = Object.entries(f.codes)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      return [
        { name: `${label}: login p99 (p50 ${f.loginP50} ms; ${f.total} answers — ${mix})`, value: f.loginP99, unit: `ms (${l})` },
        {
          name: `${label}: /api/health p99 during the flood (separate process, ${f.healthN} probes, p50 ${f.healthP50} ms)`,
          value: f.healthP99,
          unit: `ms (${l})`,
          target: `≤ ${HEALTH_GOAL_MS} ms`,
          pass: f.healthN > 0 && f.healthP99 <= HEALTH_GOAL_MS,
        },
        {
          name: `${label}: errors other than 429/503 (answers, ${f.socketErrors} socket errors, ${f.timeouts} timeouts, ${f.healthErrors} failed probes)`,
          value: f.errors,
          unit: `(${l})`,
          target: '0',
          pass: f.errors === 0,
        },
      ];
    };
    const many = await flood(ctx, server.url, { seconds: DURATION, newClientEachRequest: true });
    out.push(...rows(`${dbLabel}: ${DURATION} s × ${CONNECTIONS} connections, a new client per login`, many));
    const one = await flood(ctx, server.url, { seconds: ONE_CLIENT_DURATION, newClientEachRequest: false });
    out.push(...rows(`${dbLabel}: ${ONE_CLIENT_DURATION} s × ${CONNECTIONS} connections, one client`, one));
    // and afterwards the server logs a user in at once
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/company/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify({ id: 'demo', password: 'demo1234', company_division: 'AUT' }),
    });
    out.push({
      name: `${dbLabel}: a login right after the floods: ${res.status}`,
      value: round(performance.now() - t0),
      unit: `ms (${load()})`,
      pass: res.status === 200,
    });
  } finally {
    await server.stop();
  }
  return out;
}
