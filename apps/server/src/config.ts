import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { FileStoreConfig } from './lib/file-store';
import type { LoadSheddingOptions } from './plugins/load-shedding';
import { DEFAULT_IMPORT_MAX_BYTES } from './lib/imports/upload';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root: relative paths in the environment are taken from here. */
export const REPO_ROOT = path.resolve(here, '../../..');

/** Registered books per company when BOOKS_MAX_PER_COMPANY is not set. */
export const DEFAULT_BOOKS_MAX_PER_COMPANY = 100_000;

/** HTTP server timeouts: whole request, slow headers (slowloris), keep-alive longer than a load balancer's 60 s. */
export const DEFAULT_TIMEOUTS = { requestMs: 60_000, headersMs: 30_000, keepAliveMs: 72_000 } as const;

/** A yes/no switch: 1/true/yes/on or 0/false/no/off (empty = not set). */
const zSwitch = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => /^(|1|true|yes|on|0|false|no|off)$/.test(v))
  .transform((v) => (v === '' ? undefined : /^(1|true|yes|on)$/.test(v)))
  .optional();
const zInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const zMs = (def: number) => zInt(1000, 3_600_000).default(def);

/**
 * Every variable the server reads, each with what it takes (`describe`: the message that stops a start with a bad
 * value names it). An empty value is read as unset (loadConfig), so the defaults and `optional()` cover it.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').describe('development, production or test'),
  PORT: zInt(0, 65535).default(3000).describe('a port number from 0 to 65535'),
  HOST: z.string().default('0.0.0.0').describe('an address to listen on'),
  DATA_DIR: z.string().default('./data').describe('a folder'),
  DATABASE_URL: z.string().url().optional().describe('a postgres:// URL, or empty for the embedded database'),
  DATABASE_PREPARED: zSwitch.describe(
    '1 (default: prepared statements per connection, each parsed once) or 0 (behind a transaction-mode pooler such as PgBouncer: statements are per session)',
  ),
  DEMO_DATA: zSwitch.describe('1 (seed the demo companies into an empty database) or 0'),
  JWT_SECRET: z.string().min(32).optional().describe('at least 32 characters'),
  TOKEN_TTL_MINUTES: z.coerce.number().positive().max(43_200).default(60).describe('minutes, more than 0 and at most 43200 (30 days)'),
  SESSION_MAX_HOURS: z.coerce.number().positive().max(2160).default(12).describe('hours, more than 0 and at most 2160 (90 days)'),
  ADMIN_REQUIRE_2FA: zSwitch.describe('1 (every operator must use 2-step login) or 0'),
  TRUST_PROXY: z.string().default('').describe('off, a hop count, or a comma-separated list of addresses/CIDRs'),
  APP_TIME_ZONE: z.string().default('Asia/Seoul').describe('an IANA time zone such as Asia/Seoul'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('fatal, error, warn, info, debug, trace or silent'),
  WEB_DIST: z.string().optional().describe('the folder of the built web app'),
  REQUEST_TIMEOUT_MS: zMs(DEFAULT_TIMEOUTS.requestMs).describe('milliseconds from 1000 to 3600000'),
  HEADERS_TIMEOUT_MS: zMs(DEFAULT_TIMEOUTS.headersMs).describe('milliseconds from 1000 to 3600000, at most REQUEST_TIMEOUT_MS'),
  KEEP_ALIVE_TIMEOUT_MS: zMs(DEFAULT_TIMEOUTS.keepAliveMs).describe('milliseconds from 1000 to 3600000'),
  BOOK_PROVIDER: z.enum(['none', 'nlk', 'aladin']).default('none').describe('none, nlk or aladin'),
  BOOK_PROVIDER_KEY: z.string().default('').describe("the provider's API key"),
  BOOK_PROVIDER_URL: z.string().url().optional().describe("an http(s) URL, or empty for the provider's official endpoint"),
  BOOK_PROVIDER_TIMEOUT_MS: zInt(100, 60_000).default(5000).describe('milliseconds from 100 to 60000'),
  IMPORT_MAX_BYTES: zInt(1024 * 1024, 4 * 1024 * 1024 * 1024)
    .default(DEFAULT_IMPORT_MAX_BYTES)
    .describe('a whole number of bytes from 1048576 (1 MB) to 4294967296 (4 GB)'),
  BOOKS_MAX_PER_COMPANY: zInt(1, 100_000_000).default(DEFAULT_BOOKS_MAX_PER_COMPANY).describe('a whole number from 1 to 100000000'),
  METRICS_PORT: zInt(1, 65535).optional().describe('a port number from 1 to 65535, or empty for no metrics listener'),
  METRICS_HOST: z.string().optional().describe('an address for the metrics listener'),
  FILE_STORE: z
    .string()
    .default('local')
    .refine((v) => v === 'local' || v === 'postgres' || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(v))
    .describe('local, postgres or s3://bucket[/prefix]'),
  S3_ENDPOINT: z.string().url().optional().describe('the http(s) URL of an S3-compatible endpoint, or empty for AWS'),
  S3_REGION: z.string().default('us-east-1').describe("the bucket's region, such as us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional().describe("an access key id, or empty for the AWS SDK's default credentials"),
  S3_SECRET_ACCESS_KEY: z.string().optional().describe("the secret access key, or empty for the AWS SDK's default credentials"),
  S3_FORCE_PATH_STYLE: zSwitch.describe('1 (the bucket in the URL path, e.g. MinIO) or 0'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/)
    .optional()
    .describe('an smtp:// or smtps:// URL (user and password in it), or empty to keep mails in the outbox'),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .default('Publisher Portal <no-reply@localhost>')
    .describe('the sender, such as Publisher Portal <no-reply@example.com>'),
  MAIL_ATTACH_PDF: zSwitch.describe('1 (attach the invoice PDF to the new-invoice mail) or 0'),
  MAIL_POLL_MS: zInt(100, 600_000).default(5000).describe('milliseconds from 100 to 600000'),
  PUBLIC_URL: z.string().url().optional().describe('the http(s) URL users open the portal at (links in mails)'),
  // the distributor on invoice and statement PDFs; unset: issuerOf's fallback (docs/decisions/tax-documents.md)
  ISSUER_NAME: z.string().optional().describe("the distributor's name on invoices and statements"),
  ISSUER_REGISTRATION_NUMBER: z.string().optional().describe("the distributor's business registration number (e.g. 123-45-67890)"),
  ISSUER_REPRESENTATIVE: z.string().optional().describe("the name of the distributor's representative (대표자)"),
  ISSUER_ADDRESS: z.string().optional().describe("the distributor's address"),
  ISSUER_BUSINESS_TYPE: z.string().optional().describe("the distributor's business type (업태), e.g. 도매 및 소매업"),
  ISSUER_BUSINESS_ITEM: z.string().optional().describe("the distributor's business item (종목), e.g. 서적 도매"),
  ISSUER_CONTACT: z.string().optional().describe("the distributor's telephone / e-mail"),
  REMITTANCE_BANK: z.string().default('').describe('the bank for remittances'),
  REMITTANCE_ACCOUNT: z.string().default('').describe('the account number for remittances'),
  REMITTANCE_HOLDER: z.string().default('').describe("the account holder's name"),
  REMITTANCE_SWIFT: z.string().default('').describe("the bank's SWIFT/BIC code"),
  STATEMENT_PERIOD: z.enum(['month', 'quarter']).default('month').describe('month or quarter'),
});

/** Every variable the server reads (.env.example lists each, a test checks it). */
export const ENV_VARIABLES = Object.keys(ZEnv.shape);

/** Variables whose value is never repeated in a message (it may be a password or a key). */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'JWT_SECRET', 'BOOK_PROVIDER_KEY', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL']);

/** Thrown by loadConfig: its message names each bad variable and what it takes, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

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

/** The distributor as its invoice and statement PDFs show it (ISSUER_*, REMITTANCE_*); empty fields are left out. */
export interface IssuerConfig {
  name: string;
  registrationNumber: string;
  /** 성명(대표자): the representative's name */
  representative: string;
  address: string;
  /** 업태 (business type) and 종목 (business item), as on the business registration */
  businessType: string;
  businessItem: string;
  contact: string;
  bank: { name: string; account: string; holder: string; swift: string };
}

export const DEFAULT_ISSUER: IssuerConfig = {
  name: 'Publisher Portal',
  registrationNumber: '',
  representative: '',
  address: '',
  businessType: '',
  businessItem: '',
  contact: '',
  bank: { name: '', account: '', holder: '', swift: '' },
};

/** The demo distributor (DEMO_DATA on, no ISSUER_* set): a complete tax invoice; a made-up registration number. */
export const DEMO_ISSUER: IssuerConfig = {
  name: '㈜북브릿지 유통 (BookBridge Distribution Co., Ltd.)',
  registrationNumber: '214-86-00017',
  representative: '정하늘',
  address: '경기도 파주시 회동길 145 (문발동)',
  businessType: '도매 및 소매업',
  businessItem: '서적 도매, 물류 대행',
  contact: '031-955-0100 · billing@bookbridge.example.com',
  bank: { name: '', account: '', holder: '', swift: '' },
};

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  databaseUrl?: string;
  /** PostgreSQL: named prepared statements (DATABASE_PREPARED, default on; db/prepared-statements.ts). */
  databasePrepared?: boolean;
  jwtSecret: string;
  tokenTtlMinutes: number;
  /** Absolute session lifetime in hours (SESSION_MAX_HOURS, default 12): refresh is refused after it. */
  sessionMaxHours?: number;
  /** (issue 58) ADMIN_REQUIRE_2FA: an operator without 2-step login gets a token that opens only its set-up. */
  adminRequire2fa?: boolean;
  /** Fastify's trustProxy (TRUST_PROXY): false, a hop count, or the trusted proxies' addresses/CIDRs. */
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
  /** Largest import upload in bytes (IMPORT_MAX_BYTES); absent = DEFAULT_IMPORT_MAX_BYTES. */
  importMaxBytes?: number;
  /** Most books one company may register; absent = DEFAULT_BOOKS_MAX_PER_COMPANY. */
  booksMaxPerCompany?: number;
  /** Port of the Prometheus /metrics listener (0 = any free one, tests); absent = no metrics listener. */
  metricsPort?: number;
  /** Address the metrics listener binds to; absent = `host`. */
  metricsHost?: string;
  /** DEMO_DATA: seed the demo companies into an empty database and show their logins on the login page. */
  demoData?: boolean;
  /** HTTP server timeouts in ms; absent = DEFAULT_TIMEOUTS. */
  timeouts?: { requestMs: number; headersMs: number; keepAliveMs: number };
  /** Where stored files live (FILE_STORE); absent = the local directory `filesDir`. */
  fileStore?: FileStoreConfig;
  /** The distributor on invoice and statement PDFs; absent = DEFAULT_ISSUER. */
  issuer?: IssuerConfig;
  /** What a royalty statement covers (STATEMENT_PERIOD); absent = month. */
  statementPeriod?: 'month' | 'quarter';
  /** Mail delivery (lib/mail); absent = no SMTP, the defaults below. */
  mail?: MailConfig;
  /** Overload protection (plugins/load-shedding.ts): on in the server with its defaults; absent = off (test apps). */
  loadShedding?: LoadSheddingOptions;
}

export interface MailConfig {
  /** SMTP_URL; absent = mails stay in the outbox and are logged at info level (subject only) */
  smtpUrl?: string;
  from: string;
  /** MAIL_ATTACH_PDF: the invoice PDF goes with the new-invoice mail */
  attachPdf: boolean;
  /** how often each process looks at the outbox (ms) */
  pollMs: number;
  /** the portal's public address, for links in mails (no trailing slash) */
  publicUrl: string;
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
 * TRUST_PROXY: off, a hop count, or a list of addresses/CIDRs/proxy-addr names. `true` is refused:
 * any client could then choose the address it is counted under.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (!v || /^(off|false|0|no)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (/^(true|on|yes|\*)$/i.test(v)) {
    throw new Error('TRUST_PROXY: name the proxies (a hop count or addresses/CIDRs), not "true": any client could spoof its address');
  }
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const entry of list) {
    const [addr, bits, ...rest] = entry.split('/');
    const family = isIP(addr ?? '');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!named.has(entry) && (!family || !okBits || rest.length))
      throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR or a hop count`);
  }
  return list;
}

/** FILE_STORE and the S3_* variables as a file store's configuration. */
function fileStoreConfig(e: z.infer<typeof ZEnv>, filesDir: string): FileStoreConfig {
  if (e.FILE_STORE === 'postgres') return { kind: 'postgres' };
  if (e.FILE_STORE === 'local') return { kind: 'local', dir: filesDir };
  const [bucket = '', ...rest] = e.FILE_STORE.slice('s3://'.length).split('/');
  const prefix = rest.join('/').replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** ISSUER_*: the demo distributor's when the demo data is on and none is set; never mixed with it. */
function issuerOf(e: z.infer<typeof ZEnv>, demoData: boolean): Omit<IssuerConfig, 'bank'> {
  const set = {
    name: e.ISSUER_NAME,
    registrationNumber: e.ISSUER_REGISTRATION_NUMBER,
    representative: e.ISSUER_REPRESENTATIVE,
    address: e.ISSUER_ADDRESS,
    businessType: e.ISSUER_BUSINESS_TYPE,
    businessItem: e.ISSUER_BUSINESS_ITEM,
    contact: e.ISSUER_CONTACT,
  };
  const { bank: _bank, ...fallback } = demoData && Object.values(set).every((v) => v === undefined) ? DEMO_ISSUER : DEFAULT_ISSUER;
  return Object.fromEntries(Object.entries(set).map(([k, v]) => [k, v ?? fallback[k as keyof typeof fallback]])) as Omit<
    IssuerConfig,
    'bank'
  >;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // an empty value (`PORT=` in .env) means the default, as if the variable were not set
  const given = Object.fromEntries(Object.keys(ZEnv.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    throw new ConfigError(`Invalid environment (.env or the process's variables):\n${names.map((n) => badVariable(n, env[n])).join('\n')}`);
  }
  const e = parsed.data;
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment (.env or the process's variables):\n${badVariable('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS ?? String(e.HEADERS_TIMEOUT_MS))}`,
    );
  }
  let trustProxy: false | number | string[];
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    throw new ConfigError(`Invalid environment (.env or the process's variables):\n  ${(err as Error).message}`);
  }
  const dataDir = resolveFromRoot(e.DATA_DIR);
  const webDist = resolveFromRoot(e.WEB_DIST ?? 'apps/web/dist');
  const demoData = e.DEMO_DATA ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    databasePrepared: e.DATABASE_PREPARED ?? true,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    adminRequire2fa: e.ADMIN_REQUIRE_2FA ?? false,
    trustProxy,
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
    importMaxBytes: e.IMPORT_MAX_BYTES,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    demoData,
    timeouts: { requestMs: e.REQUEST_TIMEOUT_MS, headersMs: e.HEADERS_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS },
    fileStore: fileStoreConfig(e, path.join(dataDir, 'files')),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      attachPdf: e.MAIL_ATTACH_PDF ?? false,
      pollMs: e.MAIL_POLL_MS,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    },
    issuer: {
      ...issuerOf(e, demoData),
      bank: { name: e.REMITTANCE_BANK, account: e.REMITTANCE_ACCOUNT, holder: e.REMITTANCE_HOLDER, swift: e.REMITTANCE_SWIFT },
    },
    statementPeriod: e.STATEMENT_PERIOD,
    loadShedding: {},
  };
}

/** `  NAME="value": expected …` (a secret's value is not repeated). */
function badVariable(name: string, value: string | undefined): string {
  const expected = ZEnv.shape[name as keyof typeof ZEnv.shape]?.description ?? 'a valid value';
  const shown = SECRET_VARIABLES.has(name) ? '(value not shown)' : JSON.stringify(value ?? '');
  return `  ${name}=${shown}: expected ${expected}`;
}

/** Reads `.env` (or `file`) into process.env when it exists; variables already set win. */
export function loadDotEnv(file = path.join(REPO_ROOT, '.env')): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/** A configuration for an in-process server on a throwaway folder (tests, the API-document tool). */
export function ephemeralConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    jwtSecret: randomBytes(32).toString('hex'),
    tokenTtlMinutes: 60,
    timeZone: 'Asia/Seoul',
    logLevel: 'silent',
    now: () => new Date(),
    ...overrides,
  };
}
