/**
 * Prometheus metrics (lib/metrics.ts) on their own listener (METRICS_PORT): requests by route
 * pattern and status, database connections, response cache hits and misses, export slots, the
 * login queue and the process's own figures. The main port never answers /metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { insertInvoices } from '../modules/settlement/settlement.factories';
import { createTestApp, type TestContext } from './helper';

let t: TestContext;
let main: string;
let metricsUrl: string;

beforeAll(async () => {
  t = await createTestApp({ metricsPort: 0, metricsHost: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  main = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  metricsUrl = `http://127.0.0.1:${t.app.metricsPort}/metrics`;
});
afterAll(() => t.close());

/** The value of one series in Prometheus' text format (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const scrape = async () => {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

describe(`metrics listener (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('the main port has no /metrics; the metrics port answers nothing else', async () => {
    const res = await fetch(`${main}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('portal_http_requests_total');
    expect((await fetch(`${main}/api/metrics`)).status).toBe(404);
    expect(t.app.metricsPort).not.toBe((t.app.server.address() as { port: number }).port);
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });

  it('counts and times requests by route pattern and status, never by raw URL', async () => {
    const c = await t.createCompany();
    await insertInvoices(t.db, c.idx, [{ code: 'MT-1', day: '2026-03-01' }]);
    const login = await fetch(`${main}/api/company/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: c.id, password: c.password, company_division: 'AUT' }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    await t.app.changes.sync();
    // the same list twice: the first is built (a miss), the second comes from memory (a hit)
    for (let i = 0; i < 2; i++) {
      expect((await fetch(`${main}/api/calculate/buyInvoiceSend?start=0&length=10`, { headers })).status).toBe(200);
    }
    expect((await fetch(`${main}/api/calculate/buyInvoiceSend?start=0&length=10`)).status).toBe(401);
    expect((await fetch(`${main}/api/no-such-call/secret-looking-id-4711`, { headers })).status).toBe(404);

    const text = await scrape();
    const route = '/api/calculate/buyInvoiceSend';
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route, status_code: '200' })).toBe(2);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route, status_code: '401' })).toBe(1);
    expect(sample(text, 'portal_http_requests_total', { method: 'POST', route: '/api/company/login', status_code: '200' })).toBe(1);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count', { method: 'GET', route, status_code: '200' })).toBe(2);
    expect(sample(text, 'portal_http_request_duration_seconds_bucket', { method: 'GET', route, status_code: '200', le: '+Inf' })).toBe(2);
    // the URL itself (query string, unknown path) is never a label
    expect(text).not.toContain('start=0');
    expect(text).not.toContain('secret-looking-id'); // not the digits alone: a CPU-seconds figure may hold 4711

    expect(sample(text, 'portal_response_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_response_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_export_slots_in_use')).toBe(0);
    expect(sample(text, 'portal_login_queue_length')).toBe(0);
    expect(sample(text, 'portal_password_hashes_running')).toBe(0);
    expect(sample(text, 'portal_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // process memory: prom-client's default metrics
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
  });

  it('shows a database connection in use while a transaction holds it', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const held = t.db.transaction(async (tx) => {
      await tx.execute('select 1');
      started();
      await released;
    });
    await running;
    try {
      const text = await scrape();
      expect(sample(text, 'portal_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(1);
    } finally {
      release();
      await held;
    }
    const after = await scrape();
    expect(sample(after, 'portal_db_pool_connections', { state: 'in_use' })).toBe(0);
  });
});

describe('METRICS_PORT', () => {
  const env = { JWT_SECRET: 'x'.repeat(32) };
  it('is off unless set; a bad value stops the start naming the variable', () => {
    expect(loadConfig(env).metricsPort).toBeUndefined();
    expect(loadConfig({ ...env, METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ ...env, METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: undefined });
    expect(() => loadConfig({ ...env, METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });
});
