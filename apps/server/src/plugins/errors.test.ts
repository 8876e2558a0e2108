import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helper';

// Issue 56: a request that is not received in time answers 408 with a code of its own, not VALIDATION
// (nothing was wrong with what the client sent; it did not finish sending it).
let t: TestContext;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ timeouts: { requestMs: 1200, headersMs: 400, keepAliveMs: 1000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends `head` on a new connection and answers what came back before the server closed it. */
async function stalled(head: string) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(head);
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
  await once(socket, 'close');
  const [status, ...rest] = answer.split('\r\n');
  return { status, body: JSON.parse(rest.slice(rest.indexOf('') + 1).join('\r\n')) as Record<string, unknown> };
}

describe('a request that takes too long (408)', () => {
  it('headers never finished: 408 with the code REQUEST_TIMEOUT and a request id', async () => {
    const res = await stalled('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(res.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(res.body).toEqual({ code: 'REQUEST_TIMEOUT', message: 'Request timeout', requestId: expect.any(String) });
  });

  it('a body never finished: 408 with the code REQUEST_TIMEOUT', async () => {
    const res = await stalled(
      'POST /api/company/login HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"id":',
    );
    expect(res.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(res.body).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});
