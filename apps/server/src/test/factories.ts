import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { insertCompany, type NewCompany } from '../db/seed/companies';
import { rememberSecret } from './log-capture';

export interface TestCompany {
  idx: number;
  id: string;
  password: string;
}

let seq = 0;
/** A company of division AUT (unless overridden) with a known password. */
export async function createCompany(db: DbOrTx, overrides: Partial<NewCompany> & { password?: string } = {}): Promise<TestCompany> {
  const { password = 'secret123', ...values } = overrides;
  rememberSecret(password);
  const id = values.id ?? `co${++seq}_${randomBytes(3).toString('hex')}`;
  const idx = await insertCompany(
    db,
    { companyName: `Company ${id}`, country: 'KOR', codeCompanyDivision: 'AUT', ...values, id },
    password,
  );
  return { idx, id, password };
}
