#!/usr/bin/env node
// The built server under the Node that runs this script (`<node> scripts/smoke.mjs`): build it
// (apps/server/build.mjs), start dist/main.js on a free port with a fresh embedded database (the demo
// seed), log in as demo (POST /api/company/login), read one list (GET /api/calculate/buyInvoiceSend)
// and check its answer (200 and rows in `dataset`), then stop the server (SIGTERM, exit 0).
// scripts/test.mjs runs it under each other supported Node line: the API suite runs whole under one.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const log = (m) => console.log(`[smoke, Node ${process.version}, ${((Date.now() - started) / 1000).toFixed(1)} s] ${m}`);
const fail = (m) => {
  throw new Error(`smoke on Node ${process.version}: ${m}`);
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// `--outdir <dir>`: build there (a folder of its own under apps/server, e.g. dist-node22, so that runs under
// two lines can go side by side; it is removed at the end), else into apps/server/dist
const outAt = process.argv.indexOf('--outdir');
const outDir = outAt > 0 ? path.resolve(root, process.argv[outAt + 1]) : path.join(root, 'apps/server/dist');
const build = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), '--outdir', outDir], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
});
if (build.status !== 0) fail(`the build failed (exit ${build.status})`);
log(`built into ${path.relative(root, outDir)}`);

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-smoke-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--enable-source-maps', path.join(outDir, 'main.js')], {
  cwd: root,
  // a fresh embedded database with the demo seed, whatever the caller's environment says
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'development',
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
let exit = null;
void exited.then((e) => (exit = e));

try {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exit) fail(`the server exited before answering (${exit.code ?? exit.signal})`);
    if (Date.now() > deadline) fail('the server did not answer /api/health within 180 s');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`started on port ${port}`);

  // a 503 with Retry-After is the server shedding load (a fresh server issues the demo statements after it listens,
  // and CI runs two steps side by side): asked again after the time it names, as a client would, up to a minute
  const ask = async (url, init) => {
    const until = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(url, init);
      if (res.status !== 503 || Date.now() > until) return res;
      const wait = Number(res.headers.get('retry-after') ?? 1);
      log(`${new URL(url).pathname} answered 503: asked again in ${wait} s`);
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, Math.min(Math.max(wait, 0.2), 5) * 1000));
    }
  };

  const login = await ask(`${base}/api/company/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'demo', password: 'demo1234', company_division: 'AUT' }),
  });
  if (login.status !== 200) fail(`login answered ${login.status}: ${await login.text()}`);
  const { access_token: token } = await login.json();
  if (!token) fail('login answered no access_token');
  log('logged in as demo');

  const list = await ask(`${base}/api/calculate/buyInvoiceSend?start=0&length=10&search_value=`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (list.status !== 200) fail(`the invoice list answered ${list.status}: ${await list.text()}`);
  const body = await list.json();
  if (!Array.isArray(body.dataset) || body.dataset.length === 0)
    fail(`the invoice list answered no rows: ${JSON.stringify(body).slice(0, 200)}`);
  log(`the invoice list answered ${body.dataset.length} rows of ${body.total_cnt}`);

  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  const { code, signal } = await exited;
  clearTimeout(timer);
  if (code !== 0) fail(`the server stopped with ${code ?? signal} on SIGTERM`);
  log('stopped');
} finally {
  if (!exit) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (outAt > 0) rmSync(outDir, { recursive: true, force: true });
}
