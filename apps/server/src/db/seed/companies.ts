import type { DbOrTx } from '../client';
import type { TUserRole } from '@portal/contract';
import { companies, companyCredentials, companyUsers } from '../schema';
import { hashPassword } from '../../lib/password';

export type NewCompany = typeof companies.$inferInsert;

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_COMPANIES: NewCompany[] = [
  {
    id: 'demo',
    companyName: '한빛 출판사 (Hanbit Demo Press)',
    firstName: '지은',
    lastName: '김',
    registrationNumber: '220-81-12345',
    siteUrl: 'https://demo.example.com',
    country: 'KOR',
    zipcode: '04524',
    addressLine1: '서울특별시 중구 세종대로 110',
    addressLine2: '3층',
    businessConditions: '출판업',
    item: '도서',
    telephone: '02-1234-5678',
    fax: '02-1234-5679',
    email: 'contact@demo.example.com,books@demo.example.com',
    emailInvoice: 'invoice@demo.example.com',
    codeCompanyDivision: 'AUT',
    buyRights: 'Y',
    saleRights: 'Y',
    saleInfoDisplay: 'Y',
    buyOnCredit: 'Y',
    buyConsignment: 'Y',
    buyPrepayment: 'N',
  },
  {
    id: 'demo2',
    companyName: 'Maple Leaf Books',
    firstName: 'Alex',
    lastName: 'Morgan',
    registrationNumber: '94-1234567',
    siteUrl: 'https://maple.example.com',
    country: 'USA',
    zipcode: '10001',
    addressLine1: '350 Fifth Avenue',
    addressLine2: 'Suite 100',
    city: 'New York',
    state: 'NY',
    businessConditions: 'Publishing',
    item: 'Books',
    telephone: '+1-212-555-0100',
    email: 'hello@maple.example.com',
    emailInvoice: 'billing@maple.example.com',
    codeCompanyDivision: 'AUT',
    buyRights: 'N',
    saleRights: 'N',
    saleInfoDisplay: 'N',
  },
  {
    id: 'partner',
    companyName: 'Other Division Partner',
    country: 'KOR',
    codeCompanyDivision: 'PUB',
  },
];

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
