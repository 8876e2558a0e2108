// Figures of docs/decisions/fast-jwt-auth.md and security-headers.md: @fastify/jwt and @fastify/helmet
// against what the server does instead (fast-jwt directly, helmet's headers worked out once).
// The two plugins are not dependencies of the project: install them in a scratch directory (README.md)
// and run `SCRATCH=/path/to/scratch node scripts/measure/departures.mjs` from the repository root.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const fromRepo = createRequire(path.join(root, 'apps/server/package.json'));
const fromScratch = createRequire(path.join(process.env.SCRATCH ?? '/nonexistent', 'package.json'));
const { createSigner, createVerifier } = fromRepo('fast-jwt');
const helmet = (await import(fromRepo.resolve('helmet').replace(/index\.cjs$/, 'index.mjs'))).default;

const secret = 'x'.repeat(64);
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://t1.daumcdn.net'],
  frameSrc: ['https://postcode.map.kakao.com', 'https://postcode.map.daum.net'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};
const helmetOpts = () => ({ contentSecurityPolicy: { useDefaults: false, directives: CSP }, crossOriginEmbedderPolicy: false });

/** A Fastify app answering a 2 KB JSON list behind one variant of the header or token work (child process). */
async function serve(variant, port) {
  const fastify = fromScratch('fastify')();
  if (variant === 'helmet-plugin') await fastify.register(fromScratch('@fastify/helmet'), helmetOpts());
  if (variant === 'helmet-precomputed') {
    const headers = {};
    const res = { setHeader: (k, v) => (headers[k.toLowerCase()] = String(v)), removeHeader: (k) => delete headers[k.toLowerCase()] };
    helmet(helmetOpts())({}, res, () => {});
    fastify.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  }
  if (variant === 'fastify-jwt' || variant === 'fastify-jwt-cached') {
    await fastify.register(fromScratch('@fastify/jwt'), {
      secret,
      ...(variant === 'fastify-jwt-cached' ? { verify: { cache: 10_000 } } : {}),
    });
    fastify.addHook('onRequest', async (req) => {
      await req.jwtVerify();
    });
  }
  if (variant === 'fast-jwt-cached') {
    const verify = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'], cache: 10_000 });
    const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i;
    fastify.decorateRequest('claims', null);
    fastify.addHook('onRequest', async (req) => {
      req.claims = verify(BEARER.exec(req.headers.authorization ?? '')[1]);
    });
  }
  const body = {
    dataset: Array.from({ length: 20 }, (_, i) => ({ idx: i, title: `Book ${i}`, amount: '12345.00', date: '2026-11-25' })),
    total_cnt: 20,
  };
  fastify.get('/', async () => body);
  await fastify.listen({ port, host: '127.0.0.1' });
  console.log('ready');
}

if (process.argv[2] === 'serve') {
  await serve(process.argv[3], Number(process.argv[4]));
} else {
  const autocannon = fromRepo('autocannon');
  const token = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 3_600_000 })({ sub: '1', sid: crypto.randomUUID(), div: 'AUT' });
  const time = (n, fn) => {
    for (let i = 0; i < 2000; i++) fn();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    return (Number(process.hrtime.bigint() - t0) / n / 1000).toFixed(2);
  };
  const noop = { setHeader() {}, removeHeader() {} };
  const once = helmet(helmetOpts());
  const pre = {};
  once({}, { setHeader: (k, v) => (pre[k] = v), removeHeader() {} }, () => {});
  const target = {};
  const uncached = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
  const cached = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'], cache: 10_000 });
  console.log(
    'load average',
    os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' '),
  );
  console.log(
    'µs: helmet(options) built and applied (as @fastify/helmet does)',
    time(20_000, () => helmet(helmetOpts())({}, noop, () => {})),
  );
  console.log(
    'µs: helmet middleware built once, applied',
    time(100_000, () => once({}, noop, () => {})),
  );
  console.log(
    'µs: precomputed headers copied',
    time(100_000, () => Object.assign(target, pre)),
  );
  console.log(
    'µs: fast-jwt verify, no cache',
    time(50_000, () => uncached(token)),
  );
  console.log(
    'µs: fast-jwt verify, cached',
    time(50_000, () => cached(token)),
  );

  const variants = ['bare', 'helmet-plugin', 'helmet-precomputed', 'fastify-jwt', 'fastify-jwt-cached', 'fast-jwt-cached'];
  const out = Object.fromEntries(variants.map((v) => [v, []]));
  let port = 41000 + Math.floor(Math.random() * 1000);
  for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
    for (const v of round % 2 ? [...variants].reverse() : variants) {
      const p = spawn(process.execPath, [import.meta.filename, 'serve', v, String(port)], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: process.env,
      });
      await new Promise((r) => p.stdout.on('data', (d) => String(d).includes('ready') && r()));
      const r = await autocannon({
        url: `http://127.0.0.1:${port++}/`,
        connections: 10,
        duration: Number(process.env.DURATION ?? 5),
        headers: { authorization: `Bearer ${token}` },
      });
      p.kill();
      out[v].push(Math.round(r.requests.average));
    }
  }
  for (const v of variants)
    console.log(`req/s ${v}: median ${[...out[v]].sort((a, b) => a - b)[out[v].length >> 1]} [${out[v].join(', ')}]`);
  console.log(
    'load average',
    os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' '),
  );
}
