import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig, loadDotEnv, parseTrustProxy, REPO_ROOT } from './config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('TRUST_PROXY', () => {
  it('is off by default and for off/false/0', () => {
    expect(load({}).trustProxy).toBe(false);
    for (const v of ['', 'off', 'false', '0', 'no']) expect(parseTrustProxy(v)).toBe(false);
  });

  it('takes a hop count', () => {
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes a list of addresses, CIDRs and proxy-addr names', () => {
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.7 ,loopback, fd00::/8 ')).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8']);
  });

  it('refuses "true" (every client could choose its address) and anything that is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10.0.0.0\/33/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/proxy.example/);
  });
});

describe('SESSION_MAX_HOURS', () => {
  it('defaults to 12 and takes hours', () => {
    expect(load({}).sessionMaxHours).toBe(12);
    expect(load({ SESSION_MAX_HOURS: '8' }).sessionMaxHours).toBe(8);
    expect(() => load({ SESSION_MAX_HOURS: '0' })).toThrow(/SESSION_MAX_HOURS/);
  });
});

describe('demo switch (DEMO_DATA)', () => {
  it('is on by default for the embedded database outside production', () => {
    expect(load({}).demoData).toBe(true);
    expect(load({ NODE_ENV: 'development' }).demoData).toBe(true);
  });

  it('is off in production and on PostgreSQL unless DEMO_DATA=1', () => {
    expect(load({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(load({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/portal' }).demoData).toBe(false);
    expect(load({ NODE_ENV: 'production', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(load({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/portal', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('DEMO_DATA=0 turns it off anywhere', () => {
    expect(load({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(load({ DEMO_DATA: 'off' }).demoData).toBe(false);
  });
  it("with no ISSUER_* set, the demo's distributor has every field a Korean tax invoice needs; a real one is never mixed with it", () => {
    const demo = load({}).issuer!;
    for (const k of ['name', 'registrationNumber', 'representative', 'address', 'businessType', 'businessItem'] as const)
      expect(demo[k], k).not.toBe('');
    expect(load({ DEMO_DATA: '0' }).issuer).toMatchObject({ name: 'Publisher Portal', registrationNumber: '', representative: '' });
    expect(load({ ISSUER_NAME: 'Real Books Co.' }).issuer).toMatchObject({
      name: 'Real Books Co.',
      registrationNumber: '',
      businessType: '',
    });
  });
});

describe('a bad value stops the start with the variable and what it takes', () => {
  it('names each bad variable, its value and what is expected, one per line', () => {
    let message = '';
    try {
      load({ PORT: 'eighty', DEMO_DATA: 'maybe', LOG_LEVEL: 'loud' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toContain('PORT="eighty": expected a port number from 0 to 65535');
    expect(message).toContain('DEMO_DATA="maybe": expected 1');
    expect(message).toContain('LOG_LEVEL="loud": expected fatal, error, warn, info, debug, trace or silent');
    // no zod jargon
    expect(message).not.toMatch(/Invalid input|received|NaN/);
  });

  it('never repeats a secret', () => {
    expect(() => load({ JWT_SECRET: 'short-secret-value' })).toThrow('JWT_SECRET=(value not shown): expected at least 32 characters');
    expect(() => load({ JWT_SECRET: 'short-secret-value' })).not.toThrow(/short-secret-value/);
    expect(() => load({ DATABASE_URL: 'not a url:pw' })).not.toThrow(/pw/);
  });

  it('an empty value means the default', () => {
    expect(load({ PORT: '', NODE_ENV: '', LOG_LEVEL: '' })).toMatchObject({ port: 3000, logLevel: 'info', demoData: true });
  });

  it('NODE_ENV is development, production or test', () => {
    expect(() => load({ NODE_ENV: 'prod' })).toThrow('NODE_ENV="prod": expected development, production or test');
  });
});

describe('server timeouts', () => {
  it('default to request 60 s, headers 30 s, keep-alive 72 s and take milliseconds', () => {
    expect(load({}).timeouts).toEqual({ requestMs: 60_000, headersMs: 30_000, keepAliveMs: 72_000 });
    expect(load({ REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '6000' }).timeouts).toEqual({
      requestMs: 10_000,
      headersMs: 5_000,
      keepAliveMs: 6_000,
    });
  });

  it('refuses a headers timeout longer than the request timeout (Node would refuse to listen)', () => {
    expect(() => load({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '10000' })).toThrow(
      /HEADERS_TIMEOUT_MS="10000": expected .*at most REQUEST_TIMEOUT_MS/,
    );
  });
});

describe('.env', () => {
  it('is read into the environment, the variables already set winning', () => {
    const file = path.join(dataDir, '.env');
    writeFileSync(file, '# comment\nPORTAL_TEST_FROM_FILE=file\nPORTAL_TEST_BOTH=file\n');
    process.env.PORTAL_TEST_BOTH = 'process';
    try {
      expect(loadDotEnv(file)).toBe(true);
      expect(process.env.PORTAL_TEST_FROM_FILE).toBe('file');
      expect(process.env.PORTAL_TEST_BOTH).toBe('process');
      expect(loadDotEnv(path.join(dataDir, 'missing.env'))).toBe(false);
    } finally {
      delete process.env.PORTAL_TEST_FROM_FILE;
      delete process.env.PORTAL_TEST_BOTH;
    }
  });

  it('.env.example lists every variable the server reads, with its default', () => {
    const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    for (const name of ENV_VARIABLES) expect(listed, name).toContain(name);
  });
});
