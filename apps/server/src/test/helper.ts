import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { ephemeralConfig, type AppConfig } from '../config';
import { build } from '../app';
import { openDatabase, wrapPglite, type Database, type Db } from '../db/client';
import { seedReference } from '../db/seed/reference';
import { createCompany, type TestCompany } from './factories';
import { LogCapture } from './log-capture';
import { adminQuery, databaseUrl } from './template';

/** A clock tests can move: the app reads it for throttling, sessions and "yesterday". */
export class TestClock {
  constructor(public current = new Date()) {}
  now = () => new Date(this.current);
  set(d: Date | string) {
    this.current = new Date(d);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: AppConfig;
  clock: TestClock;
  /** which database runs under this suite */
  driver: 'pglite' | 'pg';
  /** PostgreSQL: the suite's database, for a second pool (another "process") on it */
  databaseUrl?: string;
  /** a company of division AUT with a password, ready to log in */
  createCompany: (overrides?: Parameters<typeof createCompany>[1]) => Promise<TestCompany>;
  /** logs in and returns the access token */
  login: (id: string, password: string) => Promise<string>;
  /** app.inject with a bearer token */
  inject: (token: string | null, opts: InjectOptions) => Promise<LightMyRequestResponse>;
  /** the app's log output (level trace); close() fails when a password or token of the file is in it */
  logs: LogCapture;
  close: () => Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL
 * is set and TEST_DB=pg, a new PostgreSQL database created beside it and dropped at close. Both are
 * copies of the run's template (test/template.ts, built by test/global-setup.ts: migrated and
 * reference-seeded once per run); without one (a file run outside the server project) the database
 * is migrated and seeded here.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const adminUrl = process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    let database: Database;
    if (template) {
      const { PGlite } = await import('@electric-sql/pglite');
      database = await wrapPglite(new PGlite({ loadDataDir: new Blob([readFileSync(template)]) }));
    } else {
      database = await openDatabase({});
      await database.migrate();
      await seedReference(database.db);
    }
    return { database, drop: () => database.close() };
  }
  const template = inject('pgTemplate');
  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // the template refuses connections, so nobody is on it while it is copied (CREATE DATABASE needs that)
  await adminQuery(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url, poolMax: 5 });
  if (!template) {
    await database.migrate();
    await seedReference(database.db);
  }
  return {
    database,
    // another pool on the same database is another "process" (lib/mail's two-worker test)
    url,
    drop: async () => {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const { database, drop, url } = await openTestDatabase();
  const clock = new TestClock();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  // on PostgreSQL the configuration names the database, as DATABASE_URL does in production (exports read on their own connection)
  const config = ephemeralConfig(dataDir, { now: clock.now, databaseUrl: url, ...overrides });
  const logs = new LogCapture();
  const app = await build({ config, database, logger: { level: 'trace', stream: logs.stream } });
  logs.watch(app);
  await app.ready();
  // rows a test wrote straight into the database reach cached list answers once their commit's
  // announcement is heard (PostgreSQL delivers it asynchronously, like for another writer's commit)
  const inject = async (token: string | null, opts: InjectOptions) => {
    await app.changes.sync();
    return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };
  const login = async (id: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/company/login', payload: { id, password, company_division: 'AUT' } });
    if (res.statusCode !== 200) throw new Error(`login ${id} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ access_token: string }>().access_token;
  };
  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    driver: database.driver,
    databaseUrl: url,
    createCompany: (o) => createCompany(database.db, o),
    login,
    inject,
    logs,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      logs.assertNoSecrets([config.jwtSecret]);
    },
  };
}
