import { count } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../client';
import { companies } from '../schema';
import { DEMO_COMPANIES, DEMO_PASSWORD, insertCompany } from './companies';
import { seedReference } from './reference';
import { DEMO_SEEDERS, type SeedContext } from './registry';

/** Seeds reference data, the demo companies and every feature's demo rows. */
export async function seedDemo(db: Db, config: Pick<AppConfig, 'filesDir' | 'now'>) {
  await seedReference(db);
  const ids: Record<string, number> = {};
  for (const c of DEMO_COMPANIES) ids[c.id] = await insertCompany(db, c, DEMO_PASSWORD);
  const ctx: SeedContext = {
    db,
    filesDir: config.filesDir,
    now: config.now(),
    demo: ids.demo!,
    demo2: ids.demo2!,
    partner: ids.partner!,
  };
  for (const seeder of DEMO_SEEDERS) await seeder(ctx);
}

/** On an empty database only (spec: `npm start` on a fresh machine). Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, config: Pick<AppConfig, 'filesDir' | 'now'>): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(db, config);
  return true;
}
