import type { DbOrTx } from '../client';
import type { TUserRole } from '@portal/contract';
import { companies, companyCredentials, companyUsers } from '../schema';
import { hashPassword } from '../../lib/password';
import demoCompanies from './companies.json' with { type: 'json' };

export type NewCompany = typeof companies.$inferInsert;

export const DEMO_PASSWORD = 'demo1234';

/** The demo companies: demo and demo2 (division AUT) and a partner of another division (companies.json). */
export const DEMO_COMPANIES: NewCompany[] = demoCompanies;

/** Inserts a company with a login password; returns its idx. */
export async function insertCompany(db: DbOrTx, values: NewCompany, password: string): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ idx: companies.idx });
  if (!row) throw new Error('company insert returned nothing');
  await db.insert(companyCredentials).values({ companyIdx: row.idx, passwordHash: await hashPassword(password) });
  return row.idx;
}

/**
 * (issue 58) The 2-step login secret of the demo user `demo-2step`, documented in the README so that a demo can add it
 * to an authenticator app. For the demo only: a real user's secret is random and shown once.
 */
export const DEMO_TOTP_SECRET = 'DEMO2STEPDEMO2STEPDEMO2STEPDEMO2';

/**
 * (issue 58) The demo company's other users: `demo-accounting` sees the settlement screens and the dashboard only;
 * `demo-2step` (editorial) logs in with 2-step login.
 */
export const DEMO_USERS: { company: string; loginId: string; name: string; email: string; role: TUserRole; totpSecret?: string }[] = [
  { company: 'demo', loginId: 'demo-accounting', name: '박회계 (Park, accounting)', email: 'invoice@demo.example.com', role: 'accounting' },
  {
    company: 'demo',
    loginId: 'demo-2step',
    name: '이편집 (Lee, editorial)',
    email: 'editor@demo.example.com',
    role: 'editorial',
    totpSecret: DEMO_TOTP_SECRET,
  },
];

/** (issue 58) A user of a company with its own login id and password; returns its idx. */
export async function insertUser(
  db: DbOrTx,
  values: { companyIdx: number; loginId: string; name: string; email: string; role: TUserRole; totpSecret?: string },
  password: string,
): Promise<number> {
  const [row] = await db
    .insert(companyUsers)
    // a given TOTP secret is enrolled already (the demo's 2-step user)
    .values({ ...values, passwordHash: await hashPassword(password), totpEnabledAt: values.totpSecret ? new Date() : null })
    .returning({ idx: companyUsers.idx });
  if (!row) throw new Error('user insert returned nothing');
  return row.idx;
}
