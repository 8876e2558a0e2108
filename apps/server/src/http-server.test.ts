import { once } from 'node:events';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helper';

// Issue 16 "Operations": JSON answers compressed when the client accepts it, downloads that are
// compressed already sent as they are; Node's HTTP timeouts set from the configuration.
let t: TestContext;
let token: string;
const timeouts = { requestMs: 1500, headersMs: 400, keepAliveMs: 1200 };

beforeAll(async () => {
  t = await createTestApp({ timeouts });
  const co = await t.createCompany();
  token = await t.login(co.id, co.password);
});
afterAll(() => t.close());

const decode = (encoding: string | undefined, raw: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;

describe(`compression (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('compresses a JSON answer with brotli or gzip, whichever the client accepts, to the same JSON', async () => {
    const plain = await t.inject(token, { method: 'GET', url: '/api/common/getCountry' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.inject(token, { method: 'GET', url: '/api/common/getCountry', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(encoding, res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leaves small answers and clients that accept no encoding alone', async () => {
    const small = await t.inject(null, { method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const identity = await t.inject(token, { method: 'GET', url: '/api/common/getCountry', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('a kept list answer is the same JSON whatever encoding the client accepts', async () => {
    const url = '/api/company/copyright/books?start=0&length=10';
    const first = await t.inject(token, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    const second = await t.inject(token, { method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const plain = await t.inject(token, { method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(decode(first.headers['content-encoding'] as string, first.rawPayload).toString())).toEqual(plain.json());
    expect(JSON.parse(decode(second.headers['content-encoding'] as string, second.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends an xlsx download as it is (a zip file already)', async () => {
    const res = await t.inject(token, {
      method: 'POST',
      url: '/api/copyright/exportBooks',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('HTTP server timeouts', () => {
  it("are set on Node's server from the configuration", () => {
    expect(t.app.server.requestTimeout).toBe(timeouts.requestMs);
    expect(t.app.server.headersTimeout).toBe(timeouts.headersMs);
    expect(t.app.server.keepAliveTimeout).toBe(timeouts.keepAliveMs);
  });

  it('a client that never finishes its headers is answered 408 and cut off', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // the headers timeout (400 ms), not Node's default of 60 s; checked every 100 ms
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
