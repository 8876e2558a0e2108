/**
 * Every error answer is the envelope `{ code, message, issues?, requestId }`, also when Fastify or
 * Node's HTTP parser refuses the request before any route runs (issue 13 item 5; regression:
 * malformed percent-encoding answered Fastify's own `FST_ERR_BAD_URL` body, over-long headers Node's
 * or Fastify's 431 body, a failed download the framework's 500 body). The request id of the answer is
 * the `reqId` of the request's log lines, so a user's report can be traced.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import errorsPlugin, { clientErrorHandler, frameworkErrors, genReqId } from '../../plugins/errors';
import { createTestApp, type TestContext } from '../helper';
import { envelopeProblem } from './openapi';

let t: TestContext;
let token: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.createCompany({ password: 'envelope-pass-1' });
  token = await t.login(company.id, company.password);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

type Answer = { statusCode: number; body: string; headers: Record<string, unknown> };

/** The answer is the envelope with this status and code, and its request id is on a log line of that request. */
function expectEnvelope(res: Answer, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(envelopeProblem(res), res.body).toBeNull();
  const body = JSON.parse(res.body) as { code: string; requestId: string };
  expect(body.code).toBe(code);
  const lines = t.logs.entries().filter((l) => l.reqId === body.requestId);
  expect(lines.length, `log lines of request ${body.requestId}`).toBeGreaterThan(0);
  expect(lines.some((l) => l.code === code && l.status === status)).toBe(true);
  return body;
}

/** A raw HTTP exchange with the listening server (what inject cannot send). */
function raw(request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (d) => (data += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const h of headerLines) headers[h.slice(0, h.indexOf(':')).toLowerCase()] = h.slice(h.indexOf(':') + 1).trim();
      resolve({ statusCode: Number(statusLine?.split(' ')[1]), body, headers });
    });
  });
}

function get(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

describe('framework errors answer with the envelope and a request id', () => {
  it('malformed percent-encoding in the path is a 400 VALIDATION, not FST_ERR_BAD_URL', async () => {
    for (const url of ['/api/company/getInfo/%ZZ', '/api/%', '/api/help/bbs/%E0%A4%A', '/%61pi/help/bbs/%']) {
      const body = expectEnvelope(await t.inject(token, { method: 'GET', url }), 400, 'VALIDATION');
      expect(JSON.stringify(body)).not.toContain('FST_ERR');
    }
  });

  it('an over-long path parameter is a 414 in the envelope', async () => {
    expectEnvelope(await t.inject(token, { method: 'GET', url: `/api/help/bbs/${'a'.repeat(500)}` }), 414, 'VALIDATION');
  });

  it('bodies the parser refuses: bad JSON, empty JSON, wrong media type, too large, prototype poisoning', async () => {
    const post = (payload: string, type = 'application/json') =>
      t.inject(null, { method: 'POST', url: '/api/company/login', headers: { 'content-type': type }, payload });
    expectEnvelope(await post('{"id":'), 400, 'VALIDATION');
    expectEnvelope(await post(''), 400, 'VALIDATION');
    expectEnvelope(await post('<id>demo</id>', 'application/xml'), 415, 'VALIDATION');
    expectEnvelope(await post(JSON.stringify({ id: 'x'.repeat(2 * 1024 * 1024) })), 413, 'PAYLOAD_TOO_LARGE');
    expectEnvelope(await post('{"__proto__":{"x":1},"id":"a","password":"b"}'), 400, 'VALIDATION');
  });

  it('unknown paths and methods are a 404 in the envelope', async () => {
    expectEnvelope(await t.inject(token, { method: 'GET', url: '/api/nothing/here' }), 404, 'NOT_FOUND');
    expectEnvelope(await t.inject(token, { method: 'DELETE', url: '/api/company/loginInfo' }), 404, 'NOT_FOUND');
    expectEnvelope(await t.inject(token, { method: 'OPTIONS', url: '/api/health' }), 404, 'NOT_FOUND');
  });

  it('over-long headers (Node refuses them before Fastify) are a 431 in the envelope, with no credential logged', async () => {
    const res = await get('/api/company/loginInfo', { authorization: `Bearer ${token}`, 'x-filler': 'a'.repeat(20_000) });
    expectEnvelope(res, 431, 'PAYLOAD_TOO_LARGE');
    // the log line of the refusal does not carry the request's bytes (a bearer token among them)
    const line = t.logs.lines.find((l) => l.includes(JSON.parse(res.body).requestId))!;
    expect(line).not.toContain('rawPacket');
    expect(line).not.toContain('x-filler');
  });

  it('a request the HTTP parser cannot read is a 400 in the envelope', async () => {
    expectEnvelope(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'), 400, 'VALIDATION');
    expectEnvelope(
      await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n'),
      400,
      'VALIDATION',
    );
  });

  it('over the network too: bad percent-encoding and the API answers carry the id in x-request-id', async () => {
    expectEnvelope(await get('/api/company/getInfo/%ZZ', {}), 400, 'VALIDATION');
    expectEnvelope(await get('/api/company/loginInfo', {}), 401, 'UNAUTHORIZED');
  });

  it('a download that fails before its first byte answers the JSON envelope, not the framework 500', async () => {
    // its own small app: a route that announces a file, then fails
    const app = Fastify({ logger: false, genReqId, frameworkErrors, clientErrorHandler });
    await app.register(errorsPlugin);
    app.get('/file', async (_request, reply) => {
      reply
        .header('content-disposition', 'attachment; filename="x.xlsx"')
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      throw new Error('the query failed');
    });
    app.get('/app-error', async (_request, reply) => {
      reply.type('application/pdf');
      throw new AppError(404, 'NOT_FOUND', 'Not found');
    });
    const failed = await app.inject({ method: 'GET', url: '/file' });
    expect(failed.statusCode).toBe(500);
    expect(envelopeProblem(failed)).toBeNull();
    expect(failed.json()).toEqual({
      code: 'INTERNAL',
      message: 'An error occurred. Please contact the administrator',
      requestId: expect.any(String),
    });
    expect(failed.headers['content-disposition']).toBeUndefined();
    const missing = await app.inject({ method: 'GET', url: '/app-error' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    await app.close();
  });
});
