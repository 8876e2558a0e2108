/**
 * Input fuzzing (ASVS V5, OWASP API8:2023): every operation's path, query and body, generated from
 * its own schema with fast-check, both within the schema (to reach the services and the database)
 * and outside it. Only 2xx/4xx answers, never 5xx, and an error never carries a stack, SQL or a path.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper';
import { arbitrary, isProtected, leaksInternals, loadOperations, requestOf, sample, type JsonSchema, type Operation } from './openapi';

/** Calls that end the caller's session or are throttled per account: fuzzed apart, with their own token. */
const SESSION_ENDING = new Set(['GET /api/company/logout']);

let t: TestContext;
let ops: Operation[];
let token: string;
let tried = 0;
let company: { id: string; password: string };
const problems: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ops = await loadOperations(t.app);
  company = await t.createCompany({ password: 'fuzz-pass-1' });
  token = await t.login(company.id, company.password);
});
afterAll(async () => {
  console.log(`[fuzz] ${tried} requests over ${ops.length} operations`);
  await t.close();
});

function check(op: Operation, req: { method: string; url: string; payload?: unknown }, res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  tried++;
  const where = `${req.method} ${req.url} ${req.payload !== undefined ? JSON.stringify(req.payload).slice(0, 300) : ''} → ${res.statusCode}`;
  if (res.statusCode >= 500 && !(res.statusCode === 503 && op.responses.includes('503'))) problems.push(`${where} ${res.body.slice(0, 150)}`);
  if (res.statusCode >= 400) {
    const leak = leaksInternals(res.body);
    if (leak) problems.push(`${where}: error shows ${leak}: ${res.body.slice(0, 200)}`);
    if (!String(res.headers['content-type']).includes('application/json')) problems.push(`${where}: error is not the JSON envelope`);
    else {
      const body = JSON.parse(res.body);
      if (typeof body.code !== 'string' || typeof body.message !== 'string') problems.push(`${where}: not the envelope: ${res.body.slice(0, 120)}`);
    }
  }
}

/** One request; a connection the server destroys (a stream failing after its headers) is a finding too. */
async function send(op: Operation, req: ReturnType<typeof requestOf>, auth: string | null) {
  try {
    check(op, req, await t.inject(auth, req));
  } catch (e) {
    tried++;
    problems.push(`${req.method} ${req.url} ${JSON.stringify(req.payload ?? '').slice(0, 300)} → ${(e as Error).message}`);
  }
}

function arbitraryCall(op: Operation, valid: boolean) {
  const path = fc.record(Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, arbitrary(p.schema, valid)])));
  const query = fc.record(
    Object.fromEntries(op.params.filter((p) => p.in === 'query').map((p) => [p.name, arbitrary(p.schema, valid)])),
    { requiredKeys: valid ? op.params.filter((p) => p.in === 'query' && p.required).map((p) => p.name) : [] },
  );
  const body = op.body ? arbitrary(op.body, valid) : fc.constant(undefined);
  return fc.record({ path, query, body });
}

async function fuzz(op: Operation, runs: number, auth: string | null) {
  for (const valid of [true, false]) {
    await fc.assert(
      fc.asyncProperty(arbitraryCall(op, valid), async (call) => {
        await send(op, requestOf(op, call as never), auth);
      }),
      { numRuns: runs, seed: 6, endOnFailure: true },
    );
  }
}

/** Strings that break naive code paths: NUL (PostgreSQL text refuses it), quotes, a lone surrogate, LIKE wildcards. */
const HOSTILE = ['a\u0000b', "x' OR '1'='1", '\ud800', '%_\\'];

/** Each string field (path, query, body, search_value keys) in turn set to each hostile string, the rest valid. */
async function hostile(op: Operation, auth: string) {
  const base = { path: {} as Record<string, unknown>, query: {} as Record<string, unknown>, body: op.body ? sample(op.body) : undefined };
  for (const p of op.params) {
    if (p.in === 'path') base.path[p.name] = sample(p.schema, p.name);
    else if (p.required) base.query[p.name] = sample(p.schema, p.name);
  }
  const slots: ((c: typeof base, v: string) => void)[] = [];
  for (const p of op.params) {
    const where = p.in === 'path' ? 'path' : 'query';
    if (p.schema.type === 'object') {
      for (const [k, s] of Object.entries<{ type?: string }>(p.schema.properties ?? {}))
        if (s.type === 'string' || !s.type) slots.push((c, v) => (c[where][p.name] = { ...(sample(p.schema) as object), [k]: v }));
    } else if (p.schema.type === 'string' || !p.schema.type) slots.push((c, v) => (c[where][p.name] = v));
  }
  const walk = (schema: JsonSchema | undefined, at: string[]) => {
    if (!schema || at.length > 3) return;
    if (schema.type === 'object') for (const [k, s] of Object.entries<JsonSchema>(schema.properties ?? {})) walk(s, [...at, k]);
    else if (schema.type === 'array') walk(schema.items, [...at, '0']);
    else if (schema.type === 'string' || schema.anyOf)
      slots.push((c, v) => {
        let o = c.body as Record<string, unknown>;
        for (const k of at.slice(0, -1)) {
          o[k] ??= /^\d+$/.test(at[at.indexOf(k) + 1] ?? '') ? [{}] : {};
          o = o[k] as Record<string, unknown>;
        }
        o[at[at.length - 1]!] = v;
      });
  };
  walk(op.body, []);
  for (const slot of slots)
    for (const v of HOSTILE) {
      const c = JSON.parse(JSON.stringify(base));
      slot(c, v);
      const req = requestOf(op, c);
      await send(op, req, auth);
    }
}

describe('schema-driven fuzzing of every operation', () => {
  it('answers only 2xx/4xx with a clean envelope (logged in)', async () => {
    for (const op of ops.filter((o) => isProtected(o) && !SESSION_ENDING.has(o.key))) {
      // the password change would lock the fuzzing company out: fuzzed with a wrong current password only
      await fuzz(op, 8, token);
      await hostile(op, token);
      // keep the session alive whatever a call did to it (password change, logout)
      if ((await t.inject(token, { method: 'GET', url: '/api/company/loginInfo' })).statusCode !== 200) token = await t.login(company.id, company.password);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('answers public operations and raw garbage the same way', async () => {
    problems.length = 0;
    for (const op of ops.filter((o) => !isProtected(o) && o.key !== 'POST /api/company/login')) await fuzz(op, 10, null);
    const raw = [
      { method: 'POST', url: '/api/company/login', headers: { 'content-type': 'application/json' }, payload: '{"id":' },
      { method: 'POST', url: '/api/company/login', headers: { 'content-type': 'text/plain' }, payload: 'id=demo' },
      { method: 'POST', url: '/api/company/login', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1},"id":"a","password":"b"}' },
      { method: 'POST', url: '/api/company/login', headers: { 'content-type': 'application/json' }, payload: '[' + '['.repeat(5000) },
      { method: 'POST', url: '/api/company/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id: 'x'.repeat(2 * 1024 * 1024) }) },
      { method: 'GET', url: '/api/%' },
      { method: 'GET', url: '/api/company/getInfo/%ZZ' },
      { method: 'GET', url: `/api/${'a/'.repeat(2000)}` },
      { method: 'TRACE', url: '/api/health' },
    ] as const;
    for (const r of raw) {
      const res = await t.inject(token, { ...r } as never);
      check({ responses: [] } as unknown as Operation, { method: r.method, url: r.url.slice(0, 80), payload: 'raw' }, res);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
