/**
 * Two companies for the authorization suites: A is the seeded demo company (every feature's demo
 * rows), B a fresh company of the same division. Everything each can reach with its own token is
 * crawled through the OpenAPI operations; A's "secrets" are the strings A reaches and B does not.
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { seedDemo } from '../../db/seed/demo';
import { DEMO_PASSWORD } from '../../db/seed/companies';
import type { TestContext } from '../helper';
import { entries, isProtected, requestOf, sample, stringLeaves, type CallValues, type Operation } from './openapi';

export const PROFILE = new Map<string, number>();
export const isDownload = (op: Operation) => /download|export/i.test(op.path);
const isWrite = (op: Operation) => op.method !== 'GET';
/** Calls whose own effect is on the session, not on data: never crawled. */
const SESSION_CALLS = new Set(['GET /api/company/logout', 'GET /api/company/refresh', 'GET /api/common/passwordCheck']);

export interface View {
  /** JSON answers and downloads, by request */
  answers: Map<string, { status: number; body: string; json?: unknown; text: Set<string>; req: ReturnType<typeof requestOf> }>;
  /** harvested values by key name */
  values: Map<string, Set<unknown>>;
  /** sha256 of every downloaded body */
  fileHashes: Set<string>;
  strings: Set<string>;
}

export async function textOf(res: LightMyRequestResponse): Promise<{ json?: unknown; text: Set<string> }> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) {
    try {
      const json = res.json();
      return { json, text: stringLeaves(json) };
    } catch {
      return { text: new Set([res.body]) };
    }
  }
  if (type.includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    const out = new Set<string>();
    try {
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => out.add(String(c.text ?? '')))));
    } catch {
      /* not a workbook */
    }
    return { text: out };
  }
  return { text: new Set(type.startsWith('text/') ? [res.body] : []) };
}

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function addValue(values: Map<string, Set<unknown>>, k: string, v: unknown) {
  if (v === null || v === undefined || typeof v === 'object') return;
  let s = values.get(k);
  if (!s) values.set(k, (s = new Set()));
  s.add(v);
}

/** Backticked examples of an operation's description, with `<key>` placeholders filled from harvested values. */
function templates(op: Operation, values: Map<string, Set<unknown>>): string[] {
  const out: string[] = [];
  for (const m of op.description.matchAll(/`([^`\s{}"']+)`/g)) {
    const t = m[1]!;
    const holes = [...t.matchAll(/<([a-z_]+)>/gi)].map((h) => h[1]!);
    if (!holes.length) {
      out.push(t);
      continue;
    }
    const [hole] = holes;
    for (const v of [...(values.get(hole!) ?? [])].slice(0, 20)) out.push(t.replace(`<${hole}>`, String(v)));
  }
  return out;
}

/** Candidate values of one parameter, from what a company's own answers contain. */
export function candidates(op: Operation, name: string, values: Map<string, Set<unknown>>, schema: { type?: string } = {}): unknown[] {
  const set = new Set<unknown>(values.get(name) ?? []);
  if (/idx$/i.test(name) || schema.type === 'integer') {
    for (const [k, vs] of values) if (/idx$/i.test(k)) for (const v of vs) if (Number.isInteger(Number(v))) set.add(Number(v));
  }
  if (/file/i.test(name)) {
    for (const v of values.get('__file') ?? []) set.add(v);
  }
  if (schema.type !== 'integer') for (const t of templates(op, values)) set.add(t);
  return [...set];
}

/** A key for an answer, to compare the two companies' views. */
const answerKey = (op: Operation, req: { url: string; payload?: unknown }) =>
  `${op.method} ${req.url} ${JSON.stringify(req.payload ?? '')}`;

/**
 * Crawls everything a token can read: lists (every page), then details and downloads with the ids
 * the lists answered, twice, so ids found in details are followed too.
 */
export async function crawl(t: TestContext, token: string, ops: Operation[]): Promise<View> {
  const view: View = { answers: new Map(), values: new Map(), fileHashes: new Set(), strings: new Set() };
  const record = async (op: Operation, v: CallValues) => {
    const req = requestOf(op, v);
    const key = answerKey(op, req);
    if (view.answers.has(key)) return view.answers.get(key)!;
    const t0 = performance.now();
    const res = await t.inject(token, req);
    if (process.env.SEC_PROFILE) PROFILE.set(op.key, (PROFILE.get(op.key) ?? 0) + performance.now() - t0);
    const { json, text } = await textOf(res);
    const a = { status: res.statusCode, body: res.body, json, text, req };
    view.answers.set(key, a);
    if (res.statusCode !== 200) return a;
    for (const s of text) view.strings.add(s);
    if (isDownload(op)) view.fileHashes.add(sha(res.rawPayload));
    if (json !== undefined) {
      const pairs = entries(json);
      for (const [k, x] of pairs) addValue(view.values, k, x);
      // name + extension rows are files: their download names
      const rows = Array.isArray(json) ? json : ((json as { dataset?: unknown[] }).dataset ?? [json]);
      const walk = (r: unknown) => {
        if (!r || typeof r !== 'object') return;
        if (Array.isArray(r)) return r.forEach(walk);
        const o = r as Record<string, unknown>;
        if (typeof o.name === 'string' && typeof o.extension === 'string') addValue(view.values, '__file', `${o.name}.${o.extension}`);
        if (typeof o.code === 'string') addValue(view.values, 'code', o.code);
        Object.values(o).forEach(walk);
      };
      walk(rows);
    }
    return a;
  };

  const readable = ops.filter((o) => isProtected(o) && !SESSION_CALLS.has(o.key) && (!isWrite(o) || isDownload(o)));
  const plain = (op: Operation) =>
    op.params.every(
      (p) => p.in === 'query' && (!p.required || p.name === 'search_value' || p.schema.enum || p.schema.default !== undefined),
    );
  for (const op of readable.filter((o) => plain(o) && !o.body)) {
    const query: Record<string, unknown> = {};
    for (const p of op.params) if (p.required || p.schema.enum) query[p.name] = sample(p.schema, p.name);
    const hasPaging = op.params.some((p) => p.name === 'length');
    if (hasPaging) query.length = 100;
    for (let start = 0; start < 2000; start += 100) {
      if (hasPaging) query.start = start;
      const a = await record(op, { query });
      const total = (a.json as { total_cnt?: number } | undefined)?.total_cnt;
      if (!hasPaging || typeof total !== 'number' || start + 100 >= total) break;
    }
    for (const p of op.params.filter((x) => x.schema.enum))
      for (const e of p.schema.enum) await record(op, { query: { ...query, [p.name]: e } });
  }
  for (let round = 0; round < 2; round++) {
    for (const op of readable.filter((o) => !plain(o) || o.body)) {
      const paged = op.params.some((p) => p.name === 'length');
      for (const call of callsFor(op, view.values, /export/i.test(op.path) ? 1 : 15)) {
        if (!paged) {
          await record(op, call);
          continue;
        }
        for (let start = 0; start < 2000; start += 100) {
          const a = await record(op, { ...call, query: { ...call.query, start, length: 100 } });
          const total = (a.json as { total_cnt?: number } | undefined)?.total_cnt;
          if (typeof total !== 'number' || start + 100 >= total) break;
        }
      }
    }
  }
  return view;
}

/**
 * Requests for an operation whose identifying parameters (path, required query, file names in the
 * body) take each candidate value in turn; the others take plain samples.
 */
export function callsFor(op: Operation, values: Map<string, Set<unknown>>, limit: number): CallValues[] {
  const base: CallValues = { path: {}, query: {}, body: op.body ? sample(op.body) : undefined };
  const varying: { where: 'path' | 'query' | 'body'; name: string; options: unknown[] }[] = [];
  for (const p of op.params) {
    if (['start', 'length', 'search_value'].includes(p.name)) continue;
    const options = candidates(op, p.name, values, p.schema);
    const target = p.in === 'path' ? base.path! : base.query!;
    if (p.required || options.length) target[p.name] = options[0] ?? sample(p.schema, p.name);
    if (options.length) varying.push({ where: p.in, name: p.name, options });
  }
  if (op.body?.properties) {
    for (const [name, s] of Object.entries<{ type?: string }>(op.body.properties)) {
      if (!/idx$|file|path|isbn|type/i.test(name)) continue;
      const options = candidates(op, name, values, s);
      if (options.length) {
        (base.body as Record<string, unknown>)[name] = options[0];
        varying.push({ where: 'body', name, options });
      }
    }
  }
  if (!varying.length) return [base];
  // every option of each varying parameter with the others fixed, plus the pairs (upload path × file name)
  const out: CallValues[] = [];
  const put = (c: CallValues, where: string, name: string, v: unknown) => {
    if (where === 'body') (c.body as Record<string, unknown>)[name] = v;
    else (c[where as 'path' | 'query'] as Record<string, unknown>)[name] = v;
  };
  const clone = (c: CallValues): CallValues => JSON.parse(JSON.stringify(c));
  for (const vary of varying)
    for (const v of vary.options.slice(0, limit)) {
      const c = clone(base);
      put(c, vary.where, vary.name, v);
      out.push(c);
    }
  if (varying.length === 2) {
    const [a, b] = varying;
    const n = Math.min(limit, 10);
    for (const va of a!.options.slice(0, n))
      for (const vb of b!.options.slice(0, n)) {
        const c = clone(base);
        put(c, a!.where, a!.name, va);
        put(c, b!.where, b!.name, vb);
        out.push(c);
      }
  }
  return out;
}

export interface World {
  ops: Operation[];
  a: { idx: number; token: string; view: View };
  b: { idx: number; token: string; view: View };
  /** strings A reads that B cannot read itself: none of them may ever reach B */
  secrets: Set<string>;
}

/** Seeds the demo data (company A = demo), adds an empty company B, and crawls both views. */
export async function buildWorld(t: TestContext, ops: Operation[]): Promise<World> {
  await seedDemo(t.db, t.config);
  const b = await t.createCompany({ companyName: 'Company B 비교회사' });
  const aToken = await t.login('demo', DEMO_PASSWORD);
  const bToken = await t.login(b.id, b.password);
  const aIdx = (await t.inject(aToken, { method: 'GET', url: '/api/company/loginInfo' })).json().idx as number;
  const aView = await crawl(t, aToken, ops);
  const bView = await crawl(t, bToken, ops);
  const secrets = new Set<string>();
  // what B reads itself, as one text: an A string found inside it (a shared board post naming its
  // author company) is shared by design, not a secret
  const bText = [...bView.strings].join('\u0001');
  for (const s of aView.strings) {
    // short strings (codes, flags, dates, amounts) collide by chance; names, titles and texts do not
    if (s.length >= 6 && !/^[\d\s.,:+-]+$/.test(s) && !/^\d{4}-\d\d-\d\d/.test(s) && !bView.strings.has(s) && !bText.includes(s))
      secrets.add(s);
  }
  return { ops, a: { idx: aIdx, token: aToken, view: aView }, b: { idx: b.idx, token: bToken, view: bView }, secrets };
}

/** The secrets of A found in an answer to B. */
export async function leakedSecrets(world: World, res: LightMyRequestResponse): Promise<string[]> {
  const found: string[] = [];
  const long = [...world.secrets].filter((s) => s.length >= 12);
  if (res.statusCode >= 300) return long.filter((s) => res.body.includes(s)).slice(0, 3);
  const { text } = await textOf(res);
  for (const leaf of text) {
    if (world.secrets.has(leaf)) found.push(leaf);
    else for (const s of long) if (leaf.includes(s)) found.push(s);
    if (found.length >= 3) break;
  }
  if (world.a.view.fileHashes.has(sha(res.rawPayload)) && !world.b.view.fileHashes.has(sha(res.rawPayload)))
    found.push(`<a file of A: ${res.headers['content-disposition']}>`);
  return found.slice(0, 3);
}
