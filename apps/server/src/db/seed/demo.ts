import { count } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { createFileStore } from '../../lib/file-store';
import type { Db } from '../client';
import { companies } from '../schema';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS, insertCompany, insertUser } from './companies';
import { seedReference } from './reference';
import { DEMO_SEEDERS, type SeedContext } from './registry';

/** Seeds reference data, the demo companies and every feature's demo rows. */
export async function seedDemo(db: Db, config: Pick<AppConfig, 'filesDir' | 'now' | 'fileStore'>, onCompanies?: () => void) {
  await seedReference(db);
  const ids: Record<string, number> = {};
  for (const c of DEMO_COMPANIES) ids[c.id] = await insertCompany(db, c, DEMO_PASSWORD);
  // (issue 58) every company's login is its first user, an owner (migration 0066); the demo adds an accountant
  for (const { company, ...u } of DEMO_USERS) await insertUser(db, { ...u, companyIdx: ids[company]! }, DEMO_PASSWORD);
  // the logins exist (the login page names them) while the rest is seeded
  onCompanies?.();
  // the files go where the server will look for them (FILE_STORE)
  const files = await createFileStore(config.fileStore ?? { kind: 'local', dir: config.filesDir }, db);
  const ctx: SeedContext = {
    db,
    filesDir: config.filesDir,
    files,
    now: config.now(),
    demo: ids.demo!,
    demo2: ids.demo2!,
    partner: ids.partner!,
  };
  try {
    for (const seeder of DEMO_SEEDERS) await seeder(ctx);
  } finally {
    await files.close();
  }
}

/** What a start did about demo data (seedOnStart). */
export type StartSeed = 'seeded' | 'has-companies' | 'no-companies';

/** The line a start logs when the database has no company and the demo switch is off. */
export const NO_COMPANY_MESSAGE =
  'The database has no company yet, so nobody can log in. Companies are created by the distributor (rows of ' +
  'companies and company_credentials); to try the portal with the demo companies instead, start once with DEMO_DATA=1 ' +
  '(or run `npm run seed:demo` with the same DATABASE_URL / DATA_DIR).';

/** At start with the demo switch on, an empty database gets the demo companies (`onCompanies` once they exist); off, an empty one is reported. */
export async function seedOnStart(
  db: Db,
  config: Pick<AppConfig, 'filesDir' | 'now' | 'demoData' | 'fileStore'>,
  onCompanies?: () => void,
): Promise<StartSeed> {
  if (config.demoData) return (await seedDemoIfEmpty(db, config, onCompanies)) ? 'seeded' : 'has-companies';
  const [row] = await db.select({ n: count() }).from(companies);
  return Number(row?.n ?? 0) > 0 ? 'has-companies' : 'no-companies';
}

/** On an empty database only (spec: `npm start` on a fresh machine). Returns whether it seeded. */
export async function seedDemoIfEmpty(
  db: Db,
  config: Pick<AppConfig, 'filesDir' | 'now' | 'fileStore'>,
  onCompanies?: () => void,
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(db, config, onCompanies);
  return true;
}
