/**
 * (issue 58) The role × route matrix, generated from the OpenAPI document: every documented company operation is
 * called by a user of each role. Its `x-roles` (written from contract roles.ts ROLE_TABLE through the route's area)
 * say who may: an allowed role is never refused with 403 'no permission' (nor 401), any other gets exactly that.
 * A company operation without an area fails here, and the auth plugin refuses such a route to everyone.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { USER_ROLES, type TUserRole } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../db/seed/companies';
import authPlugin, { companyOf, createTokenSigner, routesInArea } from '../../plugins/auth';
import errorsPlugin from '../../plugins/errors';
import { createTestApp, type TestContext } from '../helper';
import { rememberSecret } from '../log-capture';
import { envelopeProblem, isAdmin, isProtected, loadOperations, requestOf, sample, type Operation } from './openapi';

/** Calls that end or replace the caller's session: the role logs in again after them. */
const SESSION_ENDING = new Set(['GET /api/company/logout', 'GET /api/company/refresh']);

let t: TestContext;
let ops: Operation[];
const logins = new Map<TUserRole, string>();
const tokens = new Map<TUserRole, string>();
const PASSWORD = 'role-pass-58';

beforeAll(async () => {
  t = await createTestApp();
  rememberSecret(PASSWORD);
  const company = await t.createCompany();
  logins.set('owner', company.id);
  for (const role of USER_ROLES.filter((r) => r !== 'owner')) {
    const loginId = `${company.id}-${role}`;
    await insertUser(t.db, { companyIdx: company.idx, loginId, name: role, email: `${role}@example.com`, role }, PASSWORD);
    logins.set(role, loginId);
  }
  for (const role of USER_ROLES) tokens.set(role, await login(role));
  ops = (await loadOperations(t.app)).filter((o) => isProtected(o) && !isAdmin(o));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const login = (role: TUserRole) => t.login(logins.get(role)!, role === 'owner' ? 'secret123' : PASSWORD);

/** A plain call of an operation: its required parameters and body from their schemas' sample values. */
function plainCall(op: Operation) {
  const path = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, sample(p.schema, p.name)]));
  const query = Object.fromEntries(op.params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sample(p.schema, p.name)]));
  return requestOf(op, { path, query, body: op.body ? sample(op.body) : undefined });
}

describe('role × route matrix (issue 58)', () => {
  it('every documented company operation names its area and roles; the owner may call every one', () => {
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.filter((o) => !o.area || !o.roles?.length).map((o) => o.key)).toEqual([]);
    expect(ops.filter((o) => !o.roles!.includes('owner')).map((o) => o.key)).toEqual([]);
  });

  it('pins the decisions of the role table on a few operations', () => {
    const rolesOf = (key: string) => ops.find((o) => o.key === key)?.roles;
    expect(rolesOf('GET /api/calculate/buyInvoiceSend')).toEqual(['owner', 'accounting', 'viewer']);
    expect(rolesOf('GET /api/copyright/royalty')).toEqual(['owner', 'editorial', 'viewer']);
    expect(rolesOf('POST /api/copyright/exportRoyalty')).toEqual(['owner', 'editorial', 'viewer']);
    expect(rolesOf('POST /api/product/booksExcel')).toEqual(['owner', 'editorial']);
    expect(rolesOf('PATCH /api/company/companyUpdate/{idx}')).toEqual(['owner']);
    expect(rolesOf('PATCH /api/company/passwordUpdate')).toEqual(['owner']);
    expect(rolesOf('GET /api/company/getInfo/{idx}')).toEqual([...USER_ROLES]);
    expect(rolesOf('POST /api/help/bbs/{bbs_name}')).toEqual([...USER_ROLES]);
    expect(rolesOf('GET /api/company/users')).toEqual(['owner']);
    expect(rolesOf('GET /api/company/loginInfo')).toEqual([...USER_ROLES]);
  });

  it('each role × each operation: allowed → not 403 no permission (nor 401); forbidden → 403 NO_PERMISSION with the request id', async () => {
    const problems: string[] = [];
    let allowed = 0;
    let refused = 0;
    // deletes last, so the other calls still find what they look for
    const ordered = [...ops].sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const op of ordered) {
      for (const role of USER_ROLES) {
        const req = plainCall(op);
        const res = await t.inject(tokens.get(role)!, req);
        const code = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code?: unknown }).code : undefined;
        const where = `${role} ${req.method} ${req.url} → ${res.statusCode} ${String(code ?? '')}`;
        if (op.roles!.includes(role)) {
          allowed++;
          if (res.statusCode === 401 || code === 'NO_PERMISSION') problems.push(`${where}: refused an allowed role`);
          if (res.statusCode >= 500) problems.push(`${where}: ${res.body.slice(0, 200)}`);
          if (SESSION_ENDING.has(op.key)) tokens.set(role, await login(role));
        } else {
          refused++;
          if (res.statusCode !== 403 || code !== 'NO_PERMISSION') problems.push(`${where}: expected 403 NO_PERMISSION`);
          else {
            if (res.json().message !== 'no permission') problems.push(`${where}: message ${res.json().message}`);
            const envelope = envelopeProblem(res);
            if (envelope) problems.push(`${where}: ${envelope}`);
          }
        }
      }
    }
    console.log(`[roles matrix] ${ops.length} operations × ${USER_ROLES.length} roles: ${allowed} allowed, ${refused} refused`);
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(50);
  }, 300_000);
});

describe('deny by default (issue 58)', () => {
  it('a company route without an area answers 403 no permission to every role, the owner included', async () => {
    const secret = 'x'.repeat(40);
    const sid = randomUUID();
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(authPlugin, {
      secret,
      auth: {
        liveSession: async (s) =>
          s === sid
            ? {
                companyIdx: 7,
                id: 'c7',
                division: 'AUT',
                mustChangePassword: false,
                twoStepSetupRequired: false,
                userIdx: 3,
                loginId: 'c7',
                role: 'owner',
              }
            : undefined,
      },
      admin: { liveKey: async () => undefined, liveOperator: async () => undefined },
    });
    app.get('/undeclared', async () => ({ ok: true }));
    await app.register(async (scope) => {
      routesInArea(scope, 'session');
      scope.get('/declared', async (request) => ({ role: companyOf(request).role }));
    });
    await app.ready();
    const token = createTokenSigner(secret)({ sub: '7', sid, div: 'AUT', uid: 3, role: 'owner' }, 60);
    const headers = { authorization: `Bearer ${token}` };
    const undeclared = await app.inject({ method: 'GET', url: '/undeclared', headers });
    expect(undeclared.statusCode).toBe(403);
    expect(undeclared.json()).toMatchObject({ code: 'NO_PERMISSION', message: 'no permission', requestId: expect.any(String) });
    const declared = await app.inject({ method: 'GET', url: '/declared', headers });
    expect(declared.statusCode).toBe(200);
    expect(declared.json()).toEqual({ role: 'owner' });
    // a token naming another user than its session's is refused
    const other = createTokenSigner(secret)({ sub: '7', sid, div: 'AUT', uid: 4, role: 'owner' }, 60);
    expect((await app.inject({ method: 'GET', url: '/declared', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(401);
    await app.close();
  });
});
