import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactLine, redactText, redactUrl } from './log-redaction';

const line = (o: object) => `${JSON.stringify(o)}\n`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('log redaction', () => {
  it('blanks every field named like a credential, at any depth and of any type', () => {
    const out = JSON.parse(
      redactLine(
        line({
          msg: 'x',
          body: { id: 'demo', password: 'demo1234', password_current: 'old-pass', nested: [{ access_token: JWT, refreshToken: 'r-1' }] },
          headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'x-api-key': 'k' },
          config: { jwtSecret: 's3cret', secret: { deep: 'x' } },
          err: { message: 'boom', rawPacket: { type: 'Buffer', data: [1, 2] }, params: ['demo', 'hash'] },
        }),
      ),
    );
    expect(out.body).toEqual({
      id: 'demo',
      password: '[REDACTED]',
      password_current: '[REDACTED]',
      nested: [{ access_token: '[REDACTED]', refreshToken: '[REDACTED]' }],
    });
    expect(out.headers).toEqual({ authorization: '[REDACTED]', cookie: '[REDACTED]', 'x-api-key': '[REDACTED]' });
    expect(out.config).toEqual({ jwtSecret: '[REDACTED]', secret: '[REDACTED]' });
    expect(out.err).toEqual({ message: 'boom', rawPacket: '[REDACTED]', params: '[REDACTED]' });
  });

  it('blanks query strings, bearer credentials, JWTs and SQL parameters inside any text', () => {
    expect(redactText('GET /api/common/passwordCheck?id=demo&password=demo1234 failed')).toBe(
      'GET /api/common/passwordCheck?[REDACTED] failed',
    );
    expect(redactText(`sent Bearer ${JWT}, and ${JWT} again`)).toBe('sent Bearer [REDACTED], and [REDACTED] again');
    expect(redactText('Failed query: select 1 where a = $1\nparams: demo,demo1234')).toBe(
      'Failed query: select 1 where a = $1\nparams: [REDACTED]',
    );
    expect(redactText('connect postgres://portal:s3cret-pw@db:5432/portal failed')).toBe(
      'connect postgres://portal:[REDACTED]@db:5432/portal failed',
    );
    expect(redactLine(line({ msg: 'DATABASE_URL=postgres://u:pw-in-url@h/db' }))).not.toContain('pw-in-url');
    // what is no query string stays
    expect(redactText('is this the right page? yes')).toBe('is this the right page? yes');
    expect(redactUrl('/api/x')).toBe('/api/x');
    expect(redactUrl('/api/x?start=0')).toBe('/api/x?[REDACTED]');
  });

  it('leaves a line without anything suspect as it is (the usual request lines cost no parse)', () => {
    const plain = line({
      level: 30,
      reqId: 'a',
      req: { method: 'GET', url: '/api/calculate/buyInvoiceSend?[REDACTED]' },
      msg: 'incoming request',
    });
    expect(redactLine(plain)).toBe(plain);
  });

  it("is what the server's logger writes: a request's query string and an error's secrets never reach the stream", async () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        written.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('trace', stream) });
    app.get('/check', async (request) => {
      request.log.info({ body: { password: 'logged-pass-1' }, authorization: `Bearer ${JWT}` }, `checked with ${JWT}`);
      throw Object.assign(new Error('Failed query: select\nparams: logged-pass-2'), { params: ['logged-pass-3'] });
    });
    await app.inject({ method: 'GET', url: '/check?password=logged-pass-4' });
    await app.close();
    const text = written.join('');
    expect(text).toContain('/check?[REDACTED]');
    for (const secret of ['logged-pass-1', 'logged-pass-2', 'logged-pass-3', 'logged-pass-4', JWT]) expect(text).not.toContain(secret);
    expect(written.length).toBeGreaterThan(3);
  });
});
