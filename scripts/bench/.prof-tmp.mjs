// scratch: CPU profile of the server under an uncached list load (not committed)
import { spawn } from 'node:child_process';
import { login, load } from './lib.mjs';
const [db, path, secs = '10', extra = '', user = 'scale1m'] = process.argv.slice(2);
const port = 39111;
const args = ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', ...extra.split(' ').filter(Boolean), 'apps/server/dist/main.js'];
const proc = spawn(process.execPath, args, { cwd: '/work/main', env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/prof-data', DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}` }, stdio: ['ignore', 'ignore', 'inherit'] });
const url = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${url}/api/health`)).status === 200) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
const token = await login(url, user, 'bench1234');
const headers = { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' };
await load(`${url}${path}`, { connections: 10, duration: 3, headers });
const r = await load(`${url}${path}`, { connections: 10, duration: Number(secs), headers });
console.log(JSON.stringify(r));
proc.kill('SIGTERM');
await new Promise((r) => proc.once('exit', r));
