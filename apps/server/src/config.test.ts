import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

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
