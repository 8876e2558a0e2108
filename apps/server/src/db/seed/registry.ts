import type { FileStore } from '../../lib/file-store';
import type { Db } from '../client';
import { seedAdmin } from './admin';
import { seedCompany } from './company';
import { seedCopyright } from './copyright';
import { seedDashboard } from './dashboard';
import { seedHelp } from './help';
import { seedProduct } from './product';
import { seedSettlement } from './settlement';

export interface SeedContext {
  db: Db;
  filesDir: string;
  /** where seeded files go (FILE_STORE); absent = the local directory filesDir */
  files?: FileStore;
  /** "today" for the seed; rows are spread back from it */
  now: Date;
  /** company idx of the demo logins */
  demo: number;
  demo2: number;
  /** the company of another division */
  partner: number;
}
export type Seeder = (ctx: SeedContext) => Promise<void>;

/** Each feature's demo seed, run in this order after the companies exist (code in db/seed/<domain>.ts). */
export const DEMO_SEEDERS: Seeder[] = [seedCompany, seedSettlement, seedCopyright, seedHelp, seedProduct, seedDashboard, seedAdmin];
