/**
 * Atomicity of every write (ASVS V11 business logic): each POST/PATCH/PUT/DELETE of the OpenAPI
 * document is run with a fault injected at its 1st, 2nd, … statement inside its transaction until
 * one run gets through. A run that hit the fault must answer the 500 envelope and leave every table
 * exactly as before; a write that changes several rows outside a transaction is reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ephemeralConfig } from '../../config';
import { build } from '../../app';
import { seedDemo } from '../../db/seed/demo';
import { DEMO_PASSWORD } from '../../db/seed/companies';
import { TestClock } from '../helper';
import { LogCapture } from '../log-capture';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isAdmin, isProtected, leaksInternals, loadOperations, requestOf, sample, type CallValues, type Operation } from './openapi';
import { callsFor, crawl, isDownload, type View } from './world';
import { Faults, openFaultyDatabase, snapshot } from './faulty-db';

let app: FastifyInstance;
let faults: Faults;
let raw: (sql: string) => Promise<Record<string, unknown>[]>;
let drop: () => Promise<void>;
let dataDir: string;
let jwtSecret: string;
const logs = new LogCapture();
let ops: Operation[];
let token: string;
let password = DEMO_PASSWORD;
const report: string[] = [];

const inject = (opts: ReturnType<typeof requestOf>) => app.inject({ ...opts, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  const opened = await openFaultyDatabase();
  ({ faults, raw, drop } = opened);
  const clock = new TestClock();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
  const config = ephemeralConfig(dataDir, { now: clock.now });
  jwtSecret = config.jwtSecret;
  // logged at trace like every API suite: the failed statements' parameters must not reach the log either
  app = await build({ config, database: opened.database, logger: { level: 'trace', stream: logs.stream } });
  logs.watch(app);
  await app.ready();
  await seedDemo(opened.database.db, config);
  ops = await loadOperations(app);
  const res = await app.inject({ method: 'POST', url: '/api/company/login', payload: { id: 'demo', password, company_division: 'AUT' } });
  token = res.json().access_token;
}, 180_000);
afterAll(async () => {
  console.log(
    `[transactions]\n  ${report.join('\n  ')}\n  mass assignment: ${massChecked} writes replayed with identity/permission fields, none changed the company`,
  );
  await app?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
  logs.assertNoSecrets([jwtSecret]);
});

/** ISBN-13 with a valid check digit. */
function isbn(n: number) {
  const body = `979119${String(n).padStart(6, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}
let seq = Math.floor(Math.random() * 900_000);

/** Bodies that pass each write's rules (schema samples rarely do), by operation; others use samples. */
function knownBodies(op: Operation, view: View): unknown[] {
  const own = (k: string) => [...(view.values.get(k) ?? [])];
  switch (op.key.replace(/\{[^}]+\}/g, '{}')) {
    case 'POST /api/company/CompanyAddress':
    case 'PATCH /api/company/CompanyAddress/{}':
      return [
        {
          address_name: 'Fault test',
          country: 'KOR',
          zipcode: '04524',
          addressLine1: '110 Sejong-daero',
          telephone: '02-120-0000',
          default_yn: 'Y',
        },
      ];
    case 'POST /api/company/CompanyContactPerson':
    case 'PATCH /api/company/CompanyContactPerson/{}':
      return [{ name: 'Kim Fault', email: 'kim.fault@example.com' }];
    case 'POST /api/help/bbs/{}':
      return [
        { title: 'Fault test', content: '<p>x</p>' },
        ...own('idx')
          .slice(0, 3)
          .map((p) => ({ title: 'Reply', content: '<p>r</p>', parentIdx: p })),
      ];
    case 'PATCH /api/help/bbs/{}/{}':
      return [{ title: 'Fault test edit', content: '<p>y</p>' }];
    case 'POST /api/help/bbs_comment/{}':
      return own('idx')
        .slice(0, 5)
        .map((p) => ({ bbs_idx: p, content: 'comment' }));
    case 'POST /api/product/booksExcel':
      return [
        {
          data: [1, 2, 3].map(() => ({
            isbn13: isbn(++seq),
            title: `Fault book ${seq}`,
            author: 'A',
            pub_nm: 'P',
            pub_date: '2024-01-02',
          })),
        },
      ];
    case 'PATCH /api/company/passwordUpdate/':
    case 'PATCH /api/company/passwordUpdate':
      return [{ password_current: password, password_change: `${password}-x` }];
    default:
      return [];
  }
}

/** A body from the company's own detail answer for the same id (profile, post), for updates. */
async function bodyFromDetail(op: Operation, call: CallValues): Promise<unknown> {
  const idParam = op.params.find((p) => p.in === 'path' && /idx$/.test(p.name));
  const detail =
    idParam &&
    ops.find(
      (o) =>
        o.method === 'GET' &&
        o.params.filter((p) => p.in === 'path').every((p) => p.name in (call.path ?? {})) &&
        o.params.some((p) => p.in === 'path' && p.name === idParam.name) &&
        o.path.split('/')[2] === op.path.split('/')[2],
    );
  if (!detail || !op.body) return undefined;
  const res = await inject(requestOf(detail, { path: call.path, query: { count_view: 'N' } }));
  if (res.statusCode !== 200) return undefined;
  let json = res.json();
  if (Array.isArray(json)) json = json[0];
  if (!json || typeof json !== 'object') return undefined;
  return Object.fromEntries(Object.entries(json as object).filter(([k]) => k in (op.body!.properties ?? {})));
}

/** Ids for an operation on one object: those of its own list (same path without the last {param}) first, then the company's. */
function ownIds(op: Operation, view: View): unknown[] {
  const parent = op.path.replace(/\/\{[^}]+\}$/, '');
  const out: unknown[] = [];
  for (const [k, a] of [...view.answers].reverse()) {
    const url = k.split(' ')[1]?.split('?')[0] ?? '';
    const parentRe = new RegExp(`^${parent.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (!parentRe.test(url) || a.status !== 200) continue;
    const rows = (a.json as { dataset?: { idx?: unknown }[] })?.dataset ?? (Array.isArray(a.json) ? a.json : []);
    for (const r of rows as { idx?: unknown }[]) if (r?.idx !== undefined) out.push(r.idx);
  }
  const me = [...view.answers].find(([k]) => k.startsWith('GET /api/company/loginInfo'))?.[1].json as { idx?: number } | undefined;
  if (me?.idx) out.push(me.idx);
  return out;
}

/** Newest harvested values first: what the creates just made is what the updates and deletes own. */
const newestFirst = (view: View) => new Map([...view.values].map(([k, v]) => [k, new Set([...v].reverse())]));

async function candidateCalls(op: Operation, view: View): Promise<CallValues[]> {
  const calls = callsFor(op, newestFirst(view), 6);
  const idParam = op.params.find((p) => p.in === 'path' && /idx$/.test(p.name));
  if (idParam) {
    const bbs = op.params.some((p) => p.name === 'bbs_name') ? { bbs_name: 'qna' } : {};
    const ids = ownIds(op, view).slice(0, 6);
    // several at once where the path takes a list ("3,5"): a multi-row delete
    if (String(idParam.schema.pattern ?? '').includes(',') && ids.length >= 2) ids.unshift(`${ids[0]},${ids[1]}`);
    calls.unshift(...ids.map((id) => ({ path: { ...bbs, [idParam.name]: id }, query: {}, body: calls[0]?.body })));
  }
  // path lists ("3,5"): several of the company's own ids at once
  for (const p of op.params.filter((x) => x.in === 'path' && String(x.schema.pattern ?? '').includes(','))) {
    const ids = [...(view.values.get('idx') ?? [])].slice(-2);
    if (ids.length === 2) calls.unshift({ ...calls[0], path: { ...calls[0]?.path, [p.name]: ids.join(',') } });
  }
  for (const c of calls) for (const p of op.params.filter((x) => x.name === 'bbs_name')) c.path![p.name] = 'qna';
  const bodies = knownBodies(op, view);
  if (!op.body) return calls;
  const out: CallValues[] = [];
  for (const c of calls.slice(0, 6)) {
    const fromDetail = await bodyFromDetail(op, c);
    for (const b of [...bodies, ...(fromDetail ? [fromDetail] : []), ...(bodies.length ? [] : [c.body ?? sample(op.body)])])
      out.push({ ...c, body: b });
  }
  return out;
}

/**
 * Mass assignment (OWASP API3:2023): the same write again with the company's own identity and
 * permission fields added to the body (other values); none of them may change.
 */
async function massAssignment(op: Operation, req: ReturnType<typeof requestOf>) {
  if (!req.payload || typeof req.payload !== 'object' || Array.isArray(req.payload) || /password/i.test(op.path)) return;
  const me = async () => (await inject({ method: 'GET', url: '/api/company/loginInfo' })).json();
  const before = await me();
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(before as Record<string, unknown>)) {
    if (k in (req.payload as object)) continue;
    extra[k] = typeof v === 'number' ? v + 1 : v === 'Y' ? 'N' : v === 'N' ? 'Y' : `${String(v)}x`;
  }
  Object.assign(extra, {
    company_idx: 1,
    companyIdx: 1,
    registrant_idx: 1,
    registrant_type: 'admin',
    password: 'owned-1234',
    password_hash: 'x',
    passwordHash: 'x',
    role: 'admin',
    is_admin: 'Y',
  });
  const res = await inject({ ...req, payload: { ...(req.payload as object), ...extra } });
  expect(res.statusCode, `${op.key} with extra fields`).toBeLessThan(500);
  expect(await me(), `${op.key}: extra body fields changed the company`).toEqual(before);
  // the password did not change either
  const login = await app.inject({ method: 'POST', url: '/api/company/login', payload: { id: 'demo', password, company_division: 'AUT' } });
  expect(login.statusCode, `${op.key}: the password changed`).toBe(200);
  massChecked++;
}
let massChecked = 0;

async function exercise(op: Operation, view: View): Promise<void> {
  const refused: string[] = [];
  for (const call of (await candidateCalls(op, view)).slice(0, 12)) {
    const req = requestOf(op, call);
    // a fault that rolled back left the tables as they were, so its `after` is the next fault's `before`
    let before = await snapshot(raw);
    for (let k = 1; k <= 200; k++) {
      faults.arm(k);
      const res = await inject(req);
      const fired = faults.fired;
      const outside = [...faults.outsideWrites];
      faults.arm(null);
      if (fired) {
        expect(res.statusCode, `${op.key} fault at ${k}`).toBe(500);
        expect(res.json().code).toBe('INTERNAL');
        expect(leaksInternals(res.body)).toBeNull();
        const after = await snapshot(raw);
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        expect(changed, `${op.key}: a fault at statement ${k} left tables changed`).toEqual([]);
        before = after;
        continue;
      }
      if (res.statusCode >= 300) {
        refused.push(`${req.url} ${JSON.stringify(req.payload ?? '').slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        break;
      }
      // this candidate does not pass the rules: try the next one
      if (outside.length > 1) report.push(`${op.key}: ${outside.length} writes outside a transaction: ${outside.join(' ; ')}`);
      expect(outside.length, `${op.key}: several writes outside a transaction`).toBeLessThanOrEqual(1);
      report.push(
        k > 1
          ? `${op.key}: ${k - 1} statement(s) in its transaction, a failure at each rolled everything back (${req.url})`
          : `${op.key}: no transaction, ${outside.length} write statement (${req.url})`,
      );
      if (/passwordUpdate/.test(op.key)) password = `${password}-x`;
      await massAssignment(op, req);
      return;
    }
  }
  report.push(`${op.key}: not exercised (no candidate request passed its rules): ${refused.slice(0, 2).join(' | ')}`);
}

describe('database outage', () => {
  it('answers the error envelope (no internals) while the database is gone, and recovers after', async () => {
    const outage = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    // the company area's reads, with the company's token (admin routes refuse it before any lookup)
    const reads = ops.filter(
      (o) => o.method === 'GET' && isProtected(o) && !isAdmin(o) && !o.params.some((p) => p.required && p.in === 'query'),
    );
    faults.down = outage;
    try {
      for (const op of reads.slice(0, 15)) {
        const res = await inject(
          requestOf(op, {
            path: Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, sample(p.schema, p.name)])),
            query: {},
          }),
        );
        // regression: an outage answered 500 INTERNAL; it is a 503 the client may retry
        expect(res.statusCode, `${op.key} during the outage`).toBe(503);
        expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) });
        expect(res.headers['retry-after']).toBe('5');
        expect(leaksInternals(res.body)).toBeNull();
        expect(res.body).not.toContain('administrator command');
      }
      // liveness does not depend on the database; readiness does
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      faults.down = null;
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(200);
  });
});

describe('database restart during a write', () => {
  it('a connection lost inside a transaction (its rollback fails too) answers 503, not 500', async () => {
    // what node-postgres throws for every statement on a client whose connection broke, the
    // rollback included; Drizzle reports that rollback error (soak: PostgreSQL restarted under load)
    faults.down = new Error('Client has encountered a connection error and is not queryable');
    try {
      const res = await inject({
        method: 'POST',
        url: '/api/company/CompanyContactPerson',
        payload: { name: 'restart', email: 'restart@example.com' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) });
      expect(res.headers['retry-after']).toBe('5');
      expect(leaksInternals(res.body)).toBeNull();
    } finally {
      faults.down = null;
    }
  });
});

describe('every write is all or nothing', () => {
  it('rolls back completely when any statement of its transaction fails', async () => {
    const writes = ops.filter((o) => o.method !== 'GET' && isProtected(o) && !isDownload(o));
    const rank = (o: Operation) => ({ POST: 0, PUT: 1, PATCH: 1, DELETE: 2 })[o.method as 'POST'] ?? 1;
    const reads = ops.filter((o) => o.method === 'GET' && !isDownload(o));
    const look = () =>
      crawl(
        { inject: (tk: string | null, o: object) => app.inject({ ...o, headers: { authorization: `Bearer ${tk}` } }) } as never,
        token,
        reads,
      );
    let view = await look();
    let phase = 0;
    for (const op of [...writes].sort((a, b) => rank(a) - rank(b) || Number(/password/.test(a.path)) - Number(/password/.test(b.path)))) {
      if (rank(op) !== phase) {
        phase = rank(op);
        // pick up what the creates made (posts to reply to, addresses to delete)
        view = await look();
      }
      await exercise(op, view);
    }
    const exercised = report.filter((r) => r.includes('rolled everything back')).length;
    expect(exercised, report.join('\n')).toBeGreaterThan(3);
  }, 300_000);
});
