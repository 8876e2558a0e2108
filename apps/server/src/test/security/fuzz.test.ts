/**
 * Input fuzzing (ASVS V5, OWASP API8:2023): every operation's path, query and body, generated from
 * its own schema with fast-check, both within the schema (to reach the services and the database)
 * and outside it, plus the odd input of issue 13 item 5 for every route: a JSON null, array, string
 * or number as the body, dates at and beyond what the database can take, integers beyond 32/53 bits,
 * NaN and Infinity, very long strings and unknown enum values. Only 2xx/4xx answers, never 5xx; every
 * error is the envelope `{ code, message, issues?, requestId }` with a known code, and never carries a
 * stack, SQL or a path. The suite fails when it reached nothing (no operations, a dead token).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MAX, DATE_MIN } from '@portal/contract';
import { createOperator } from '../factories';
import { createTestApp, type TestContext } from '../helper';
import {
  arbitrary,
  envelopeProblem,
  isAdmin,
  isProtected,
  leaksInternals,
  loadOperations,
  requestOf,
  sample,
  type JsonSchema,
  type Operation,
} from './openapi';

/** Calls that end the caller's session (logout; refresh replaces its token): not fuzzed, they take no input. */
const SESSION_ENDING = new Set(['GET /api/company/logout', 'GET /api/company/refresh', 'POST /api/admin/logout']);

let t: TestContext;
let ops: Operation[];
let token: string;
/** an operator's token, for the admin area (issue 15) */
let adminToken: string;
let tried = 0;
let company: { id: string; password: string };
const problems: string[] = [];
/** per operation: answers by status class, so the suite can tell it reached the routes */
const reached = new Map<string, { ok: number; refused: number; unauthorized: number }>();
/** per operation with a date field: how many date-edge requests answered 2xx (they reached the database) */
const datesAnswered = new Map<string, number>();

let operator: Awaited<ReturnType<typeof createOperator>>;
const adminLogin = async () =>
  (await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: operator.id, password: operator.password } })).json<{
    access_token: string;
  }>().access_token;

beforeAll(async () => {
  t = await createTestApp();
  ops = await loadOperations(t.app);
  company = await t.createCompany({ password: 'fuzz-pass-1' });
  token = await t.login(company.id, company.password);
  operator = await createOperator(t.db);
  adminToken = await adminLogin();
});

/** Logins: odd bodies only (wrong passwords count towards throttling and cost a hash each). */
const LOGINS = new Set(['POST /api/company/login', 'POST /api/admin/login']);
afterAll(async () => {
  console.log(`[fuzz] ${tried} requests over ${ops.length} operations`);
  await t.close();
});

function check(
  op: Operation,
  req: { method: string; url: string; payload?: unknown },
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  tried++;
  const count = reached.get(op.key) ?? { ok: 0, refused: 0, unauthorized: 0 };
  reached.set(op.key, count);
  if (res.statusCode === 401) count.unauthorized++;
  else if (res.statusCode < 300) count.ok++;
  else count.refused++;
  const where = `${req.method} ${req.url.slice(0, 200)} ${req.payload !== undefined ? JSON.stringify(req.payload).slice(0, 300) : ''} → ${res.statusCode}`;
  if (res.statusCode >= 500 && !(res.statusCode === 503 && op.responses.includes('503')))
    problems.push(`${where} ${res.body.slice(0, 150)}`);
  if (res.statusCode >= 400) {
    const leak = leaksInternals(res.body);
    if (leak) problems.push(`${where}: error shows ${leak}: ${res.body.slice(0, 200)}`);
    const wrong = envelopeProblem(res);
    if (wrong) problems.push(`${where}: ${wrong}: ${res.body.slice(0, 120)}`);
  }
}

/** One request; a connection the server destroys (a stream failing after its headers) is a finding too. */
async function send(op: Operation, req: ReturnType<typeof requestOf> & { headers?: Record<string, string> }, auth: string | null) {
  try {
    const res = await t.inject(auth, req);
    check(op, req, res);
    return res.statusCode;
  } catch (e) {
    tried++;
    problems.push(`${req.method} ${req.url.slice(0, 200)} ${JSON.stringify(req.payload ?? '').slice(0, 300)} → ${(e as Error).message}`);
    return 0;
  }
}

function arbitraryCall(op: Operation, valid: boolean) {
  const path = fc.record(Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, arbitrary(p.schema, valid)])));
  const query = fc.record(Object.fromEntries(op.params.filter((p) => p.in === 'query').map((p) => [p.name, arbitrary(p.schema, valid)])), {
    requiredKeys: valid ? op.params.filter((p) => p.in === 'query' && p.required).map((p) => p.name) : [],
  });
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

type Call = { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown };
/** One leaf of an operation's input (a path or query parameter, a search_value key, a body field) and how to set it. */
interface Slot {
  schema: JsonSchema;
  where: 'path' | 'query' | 'body';
  set: (c: Call, v: unknown) => void;
}

/** The operation's call with plain valid-looking values. */
function baseCall(op: Operation): Call {
  const base: Call = { path: {}, query: {}, body: op.body ? sample(op.body) : undefined };
  for (const p of op.params) {
    if (p.in === 'path') base.path[p.name] = sample(p.schema, p.name);
    else if (p.required) base.query[p.name] = sample(p.schema, p.name);
  }
  return base;
}

/** Every leaf of the operation's input, with a setter that leaves the rest of a call as it is. */
function slotsOf(op: Operation): Slot[] {
  const slots: Slot[] = [];
  for (const p of op.params) {
    const where = p.in === 'path' ? 'path' : 'query';
    if (p.schema.type === 'object') {
      for (const [k, s] of Object.entries<JsonSchema>(p.schema.properties ?? {}))
        slots.push({
          schema: s,
          where,
          set: (c, v) => (c[where][p.name] = { ...(sample(p.schema) as object), ...(c[where][p.name] as object), [k]: v }),
        });
    } else slots.push({ schema: p.schema, where, set: (c, v) => (c[where][p.name] = v) });
  }
  const walk = (schema: JsonSchema | undefined, at: string[]) => {
    if (!schema || at.length > 3) return;
    if (schema.type === 'object') for (const [k, s] of Object.entries<JsonSchema>(schema.properties ?? {})) walk(s, [...at, k]);
    else if (schema.type === 'array') walk(schema.items, [...at, '0']);
    else
      slots.push({
        schema,
        where: 'body',
        set: (c, v) => {
          let o = c.body as Record<string, unknown>;
          for (const k of at.slice(0, -1)) {
            o[k] ??= /^\d+$/.test(at[at.indexOf(k) + 1] ?? '') ? [{}] : {};
            o = o[k] as Record<string, unknown>;
          }
          o[at[at.length - 1]!] = v;
        },
      });
  };
  if (op.body && typeof sample(op.body) === 'object') walk(op.body, []);
  return slots;
}

const isString = (s: JsonSchema) => s.type === 'string' || !s.type || !!s.anyOf;
const isDate = (s: JsonSchema) => s.format === 'date' || (s.anyOf ?? []).some((x: JsonSchema) => x.format === 'date');
const isNumber = (s: JsonSchema) => s.type === 'integer' || s.type === 'number';

/** Each string field (path, query, body, search_value keys) in turn set to each hostile string, the rest valid. */
async function hostile(op: Operation, auth: string) {
  const base = baseCall(op);
  for (const slot of slotsOf(op).filter((s) => isString(s.schema)))
    for (const v of HOSTILE) {
      const c = structuredClone(base);
      slot.set(c, v);
      await send(op, requestOf(op, c), auth);
    }
}

/** Dates at both ends of what the calls accept, and beyond: year 0000 (no such year in PostgreSQL), 5-digit and negative years. */
const EDGE_DATES = [
  '0000-01-01',
  '0000-02-29',
  '0000-12-31',
  DATE_MIN,
  DATE_MAX,
  '1969-12-31',
  '1970-01-01',
  '2038-01-19',
  '10000-01-01',
  '-000001-01-01',
  '+010000-01-01',
  '2023-02-29',
  '1900-02-29',
];
/** Numbers a JS number, a PostgreSQL int or bigint, or a parser may not take. */
const EDGE_NUMBERS: unknown[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -0,
  1.5,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '0x1F',
  ' 7',
  '',
  '9'.repeat(40),
];
/** Very long text: in a URL (a real client meets the 16 KiB header limit first, inject does not) and in a body. */
const LONG_TEXT = {
  query: ['x'.repeat(10_000), '가'.repeat(3_000)],
  body: ['x'.repeat(200_000), '가'.repeat(50_000), '😀'.repeat(30_000)],
};

/**
 * The odd input of issue 13 item 5, for every leaf of every operation: edge dates in every date
 * field (alone and as the widest valid range), edge numbers in every number field, very long
 * strings and an unknown value in every string field, a wrong type in every field.
 */
async function edges(op: Operation, auth: string | null) {
  const base = baseCall(op);
  const slots = slotsOf(op);
  const one = async (slot: Slot, v: unknown) => {
    const c = structuredClone(base);
    slot.set(c, v);
    return send(op, requestOf(op, c), auth);
  };
  for (const slot of slots) {
    const s = slot.schema;
    const values: unknown[] = [null, [], {}, true];
    if (isDate(s)) values.push(...EDGE_DATES);
    if (isNumber(s)) values.push(...EDGE_NUMBERS);
    if (isString(s)) values.push(...(slot.where === 'body' ? LONG_TEXT.body : LONG_TEXT.query), 'NOT_AN_ENUM_VALUE', 123);
    for (const v of values) {
      const status = await one(slot, v);
      if (isDate(s) && status >= 200 && status < 300) datesAnswered.set(op.key, (datesAnswered.get(op.key) ?? 0) + 1);
    }
  }
  // date ranges: the widest one the calls accept must reach the database and answer 2xx
  const objects = new Map<string, Slot[]>();
  for (const slot of slots.filter((x) => isDate(x.schema))) objects.set(slot.where, [...(objects.get(slot.where) ?? []), slot]);
  for (const [, dateSlots] of objects) {
    if (dateSlots.length < 2) continue;
    for (const [a, b] of [
      [DATE_MIN, DATE_MAX],
      [DATE_MIN, DATE_MIN],
      [DATE_MAX, DATE_MAX],
      ['0000-01-01', DATE_MAX],
    ]) {
      const c = structuredClone(base);
      dateSlots[0]!.set(c, a);
      dateSlots[1]!.set(c, b);
      const status = await send(op, requestOf(op, c), auth);
      if (status >= 200 && status < 300) datesAnswered.set(op.key, (datesAnswered.get(op.key) ?? 0) + 1);
    }
  }
}

/** Bodies of the wrong JSON type, sent as raw JSON text (a JSON null cannot be sent as an object). */
const ODD_BODIES = ['null', '[]', '[null]', '[{}]', '"text"', '""', '0', '-1', 'true', '{}', '{"__proto__":null}', '1e999'];

async function oddBodies(op: Operation, auth: string | null) {
  if (!op.body) return;
  const base = baseCall(op);
  for (const payload of ODD_BODIES) {
    const req = requestOf(op, { ...base, body: undefined });
    await send(op, { method: req.method, url: req.url, payload, headers: { 'content-type': 'application/json' } } as never, auth);
  }
}

describe('schema-driven fuzzing of every operation', () => {
  it('answers only 2xx/4xx with a clean envelope (logged in)', async () => {
    const fuzzed = ops.filter((o) => isProtected(o) && !SESSION_ENDING.has(o.key));
    for (const op of fuzzed) {
      // the password change would lock the fuzzing company out: fuzzed with a wrong current password only
      // admin routes: with an operator's token (a company's token never opens them)
      const bearer = isAdmin(op) ? adminToken : token;
      await fuzz(op, 8, bearer);
      await hostile(op, bearer);
      await edges(op, bearer);
      await oddBodies(op, bearer);
      // keep the session alive whatever a call did to it (password change, logout)
      if ((await t.inject(token, { method: 'GET', url: '/api/company/loginInfo' })).statusCode !== 200)
        token = await t.login(company.id, company.password);
      // and the operator's (a deactivation of another operator id may have hit it; logout is not fuzzed)
      if ((await t.inject(adminToken, { method: 'GET', url: '/api/admin/audit' })).statusCode !== 200) adminToken = await adminLogin();
    }
    expect(problems.slice(0, 30)).toEqual([]);

    // it fails when it tested nothing: the document has the routes, each was reached with a live token,
    // and the edge dates reached the database of every operation that takes a date range
    expect(fuzzed.length, 'operations found in the OpenAPI document').toBeGreaterThan(40);
    const dead = fuzzed.filter(
      (o) => !reached.get(o.key) || reached.get(o.key)!.unauthorized > reached.get(o.key)!.ok + reached.get(o.key)!.refused,
    );
    expect(
      dead.map((o) => o.key),
      'operations that mostly answered 401: the token was lost',
    ).toEqual([]);
    const neverOk = fuzzed.filter((o) => !reached.get(o.key)?.ok).map((o) => o.key);
    expect(neverOk.length, `operations never answered 2xx: ${neverOk.join(', ')}`).toBeLessThan(fuzzed.length / 2);
    const dated = fuzzed.filter((o) => slotsOf(o).filter((s) => isDate(s.schema)).length >= 2);
    expect(dated.length, 'lists and exports with a date range').toBeGreaterThanOrEqual(7);
    expect(
      dated.filter((o) => !datesAnswered.get(o.key)).map((o) => o.key),
      'date ranges that never reached the database',
    ).toEqual([]);
  }, 600_000);

  it('answers public operations and raw garbage the same way', async () => {
    problems.length = 0;
    for (const op of ops.filter((o) => !isProtected(o) && !LOGINS.has(o.key))) {
      await fuzz(op, 10, null);
      await edges(op, null);
    }
    // logins: odd bodies only (wrong passwords count towards its throttling)
    for (const op of ops.filter((o) => LOGINS.has(o.key))) await oddBodies(op, null);
    const raw = [
      { method: 'POST', url: '/api/company/login', headers: { 'content-type': 'application/json' }, payload: '{"id":' },
      { method: 'POST', url: '/api/company/login', headers: { 'content-type': 'text/plain' }, payload: 'id=demo' },
      {
        method: 'POST',
        url: '/api/company/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"x":1},"id":"a","password":"b"}',
      },
      { method: 'POST', url: '/api/company/login', headers: { 'content-type': 'application/json' }, payload: '[' + '['.repeat(5000) },
      {
        method: 'POST',
        url: '/api/company/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ id: 'x'.repeat(2 * 1024 * 1024) }),
      },
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
