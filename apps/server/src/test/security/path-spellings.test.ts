/**
 * Authentication is decided by the route the router matched, never by the URL string (issue 13
 * item 1; regression: `/%61pi/help/getAllFiles` answered 200 without a token, because the auth hook
 * looked at the raw URL while the router decodes it).
 *
 * Every operation of the OpenAPI document is requested without a token under every other spelling
 * of its path a router may accept: percent-encoded letters and slashes, double slashes, dot
 * segments, a trailing slash, upper case, a query, fragment or `;` glued on, a backslash. None may
 * answer 2xx. A second test shows the spellings matter: with a token, the router does take several
 * of them to the route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper';
import { isProtected, loadOperations, requestOf, sample, type Operation } from './openapi';

let t: TestContext;
let ops: Operation[];
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ops = await loadOperations(t.app);
  const company = await t.createCompany({ password: 'spelling-pass-1' });
  token = await t.login(company.id, company.password);
});
afterAll(() => t.close());

/** A request of the operation with plain values (the ones a real client would send). */
function plainRequest(op: Operation) {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const p of op.params) {
    if (p.in === 'path') path[p.name] = sample(p.schema, p.name);
    else if (p.required) query[p.name] = sample(p.schema, p.name);
  }
  return requestOf(op, { path, query, body: op.body ? sample(op.body) : undefined });
}

const hex = (c: string, upper: boolean) => {
  const h = c.charCodeAt(0).toString(16);
  return `%${upper ? h.toUpperCase() : h}`;
};
const encodeAt = (s: string, i: number, upper = false) => s.slice(0, i) + hex(s[i]!, upper) + s.slice(i + 1);

/** Other spellings of `url` (path and query) that a router, a proxy or a URL parser may take for the same route. */
function spellings(url: string): string[] {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  const segs = path.split('/').slice(1);
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const out = new Set<string>();
  const add = (p: string, withQuery = true) => out.add(withQuery ? p + query : p);

  // percent-encoded letters: the first letter of each segment (lower- and upper-case hex), then all letters
  segs.forEach((s, i) => {
    const letter = s.search(/[A-Za-z]/);
    if (letter < 0) return;
    for (const upper of [false, true]) add(join(segs.map((x, j) => (j === i ? encodeAt(x, letter, upper) : x))));
  });
  add(path.replace(/[A-Za-z]/g, (c) => hex(c, false)));
  // encoded slashes
  add(`/${segs.join('%2F')}`);
  add(`/${segs.join('%2f')}`);
  add(`/${segs[0]}%2F${segs.slice(1).join('/')}`);
  // double slashes, anywhere
  for (let i = 0; i <= segs.length; i++) add(join([...segs.slice(0, i), '', ...segs.slice(i)]));
  add(path.replace(/\//g, '//'));
  // dot segments, plain and encoded
  for (let i = 0; i <= segs.length; i++) {
    add(join([...segs.slice(0, i), '.', ...segs.slice(i)]));
    add(join([...segs.slice(0, i), 'x', '..', ...segs.slice(i)]));
    add(join([...segs.slice(0, i), '%2e', ...segs.slice(i)]));
    add(join([...segs.slice(0, i), 'x', '%2e%2e', ...segs.slice(i)]));
  }
  add(`/api/docs/../${segs.slice(1).join('/')}`);
  add(`/api/docs/%2e%2e/${segs.slice(1).join('/')}`);
  add(`/api/docs%2F..%2F${segs.slice(1).join('%2F')}`);
  // trailing slash, upper case
  add(`${path}/`);
  add(path.toUpperCase());
  add(join(segs.map((s) => s.charAt(0).toUpperCase() + s.slice(1))));
  add(`/${segs[0]!.toUpperCase()}/${segs.slice(1).join('/')}`);
  // something glued on: a query, a fragment, a matrix parameter, an encoded ? or #, a NUL
  for (const tail of ['?', '#', '#x', ';', ';x=1', '%3F', '%23x', '%00', '?/api/docs', '#/api/docs', '?x=/api/docs/json']) {
    add(path + tail, false);
    if (query) add(path + query + (tail.startsWith('?') ? `&${tail.slice(1)}` : tail), false);
  }
  add(`${path}${query ? `${query}&` : '?'}public=true`, false);
  // backslashes (some proxies turn them into slashes)
  add(path.replace(/\//g, '\\'));
  out.delete(url);
  return [...out];
}

async function send(method: string, url: string, payload: unknown, auth: string | null) {
  try {
    return await t.inject(auth, { method: method as 'GET', url, ...(payload !== undefined ? { payload: payload as object } : {}) });
  } catch (e) {
    // a URL that light-my-request itself cannot send reaches no route either
    return { statusCode: 0, body: (e as Error).message, headers: {} as Record<string, string> };
  }
}

describe('authentication by the matched route, under every spelling of the path', () => {
  it('answers no protected operation with 2xx without a token, however its path is written', async () => {
    const protectedOps = ops.filter(isProtected);
    expect(protectedOps.length, 'operations found in the OpenAPI document').toBeGreaterThan(30);
    const wrong: string[] = [];
    let tried = 0;
    for (const op of protectedOps) {
      const req = plainRequest(op);
      const methods = op.method === 'GET' ? ['GET', 'HEAD'] : [op.method];
      for (const url of [req.url, ...spellings(req.url)])
        for (const method of methods) {
          tried++;
          const res = await send(method, url, method === 'HEAD' ? undefined : req.payload, null);
          if (res.statusCode >= 200 && res.statusCode < 300)
            wrong.push(`${op.key}: ${method} ${url} → ${res.statusCode} ${res.body.slice(0, 100)}`);
          else if (res.statusCode >= 400 && method !== 'HEAD') {
            const body = JSON.parse(res.body) as { code?: unknown; requestId?: unknown };
            if (typeof body.code !== 'string' || typeof body.requestId !== 'string')
              wrong.push(`${op.key}: ${method} ${url} → not the envelope: ${res.body.slice(0, 100)}`);
          }
        }
    }
    console.log(`[path spellings] ${tried} requests without a token over ${protectedOps.length} protected operations`);
    expect(wrong.slice(0, 20)).toEqual([]);
  }, 300_000);

  it('has teeth: with a token, the router takes several spellings of every operation to its route', async () => {
    // the spellings above are not all 404s: find-my-way decodes percent-encoded letters, for one
    const unrouted: string[] = [];
    let routed = 0;
    for (const op of ops.filter((o) => isProtected(o) && o.method === 'GET' && !/logout|refresh/.test(o.path))) {
      const req = plainRequest(op);
      let reached = 0;
      for (const url of spellings(req.url)) {
        const res = await send('GET', url, undefined, token);
        // reached the route: its answer, or its own validation (never the not-found handler)
        if (res.statusCode !== 404 && res.statusCode !== 0 && !(res.statusCode === 400 && /Malformed URL/.test(res.body))) reached++;
      }
      routed += reached;
      if (reached === 0) unrouted.push(op.key);
    }
    expect(unrouted).toEqual([]);
    expect(routed).toBeGreaterThan(50);
  }, 300_000);

  it('keeps the public routes, the API docs and the not-found answers working without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().openapi).toMatch(/^3\./);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' })).statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found', requestId: expect.any(String) });
  });
});
