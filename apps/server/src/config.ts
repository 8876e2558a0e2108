import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root: relative paths in the environment are taken from here. */
export const REPO_ROOT = path.resolve(here, '../../..');

/** Registered books per company when BOOKS_MAX_PER_COMPANY is not set. */
export const DEFAULT_BOOKS_MAX_PER_COMPANY = 100_000;

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().positive().max(60 * 24 * 30).default(60),
  // absolute session lifetime: no refresh once this many hours have passed since the login
  SESSION_MAX_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
  // which proxies may name the client in X-Forwarded-For: off, a hop count, or addresses/CIDRs
  TRUST_PROXY: z.string().default(''),
  APP_TIME_ZONE: z.string().default('Asia/Seoul'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // Optional external bibliographic provider for the bulk book upload (issue 8); off by default.
  BOOK_PROVIDER: z.enum(['none', 'nlk', 'aladin']).default('none'),
  BOOK_PROVIDER_KEY: z.string().default(''),
  BOOK_PROVIDER_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  BOOK_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // Most books one company may register (POST product/booksExcel); issue 13.
  BOOKS_MAX_PER_COMPANY: z.coerce.number().int().min(1).max(100_000_000).default(DEFAULT_BOOKS_MAX_PER_COMPANY),
  // Prometheus /metrics on a listener of its own (issue 16); empty = off. METRICS_HOST defaults to HOST.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional().or(z.literal('').transform(() => undefined)),
  METRICS_HOST: z.string().optional(),
});

/** Official endpoints of the external providers (overridable with BOOK_PROVIDER_URL). */
export const BOOK_PROVIDER_URLS = {
  nlk: 'https://www.nl.go.kr/seoji/SearchApi.do',
  aladin: 'https://www.aladin.co.kr/ttb/api/ItemLookUp.aspx',
} as const;

export interface BookProviderConfig {
  /** National Library of Korea ISBN (seoji) API, or Aladin ItemLookUp */
  kind: 'nlk' | 'aladin';
  /** cert_key (nlk) or ttbkey (aladin) */
  key: string;
  baseUrl: string;
  timeoutMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  tokenTtlMinutes: number;
  /** Absolute session lifetime in hours (SESSION_MAX_HOURS, default 12): refresh is refused after it. */
  sessionMaxHours?: number;
  /**
   * Fastify's trustProxy (TRUST_PROXY, default false): false = the socket's peer is the client; a number = that
   * many proxies in front; a list = the addresses/CIDRs of trusted proxies.
   */
  trustProxy?: false | number | string[];
  /** Password hashes at once and waiting (lib/password.ts); default: cores − 1 (at least 1), 4 waiting per slot. */
  hashConcurrency?: number;
  hashMaxWaiting?: number;
  timeZone: string;
  logLevel: string;
  /** Built web app to serve; absent in API-only tests. */
  webDist?: string;
  /** The clock, replaceable in tests (login throttling, "yesterday"). */
  now: () => Date;
  /** External bibliographic provider for ISBN lookups; absent = own catalogue only. */
  bookProvider?: BookProviderConfig;
  /** Most books one company may register; absent = DEFAULT_BOOKS_MAX_PER_COMPANY. */
  booksMaxPerCompany?: number;
  /** Port of the Prometheus /metrics listener (0 = any free one, tests); absent = no metrics listener. */
  metricsPort?: number;
  /** Address the metrics listener binds to; absent = `host`. */
  metricsHost?: string;
}

function resolveFromRoot(p: string) {
  return path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p);
}

/** The JWT secret: from the environment, else generated once and kept in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY: empty/off/false = no proxy; digits = a hop count; otherwise a comma-separated list
 * of addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal). `true` (trust
 * every hop) is refused: any client could then choose the address it is counted under.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (!v || /^(off|false|0|no)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (/^(true|on|yes|\*)$/i.test(v)) {
    throw new Error('TRUST_PROXY: name the proxies (a hop count or addresses/CIDRs), not "true": any client could spoof its address');
  }
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const entry of list) {
    const [addr, bits, ...rest] = entry.split('/');
    const family = isIP(addr ?? '');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!named.has(entry) && (!family || !okBits || rest.length)) throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR or a hop count`);
  }
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = resolveFromRoot(e.DATA_DIR);
  const webDist = resolveFromRoot(e.WEB_DIST ?? 'apps/web/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    timeZone: e.APP_TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    now: () => new Date(),
    bookProvider:
      e.BOOK_PROVIDER === 'none'
        ? undefined
        : {
            kind: e.BOOK_PROVIDER,
            key: e.BOOK_PROVIDER_KEY,
            baseUrl: e.BOOK_PROVIDER_URL ?? BOOK_PROVIDER_URLS[e.BOOK_PROVIDER],
            timeoutMs: e.BOOK_PROVIDER_TIMEOUT_MS,
          },
    booksMaxPerCompany: e.BOOKS_MAX_PER_COMPANY,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
  };
}
