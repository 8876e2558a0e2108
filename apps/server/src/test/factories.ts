import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { insertCompany, type NewCompany } from '../db/seed/companies';
import { operators } from '../db/schema';
import { hashPassword } from '../lib/password';
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

export interface TestOperator {
  idx: number;
  id: string;
  password: string;
}

/** An active operator of the admin area (issue 15) with a known password. */
export async function createOperator(
  db: DbOrTx,
  overrides: { id?: string; password?: string; active?: boolean } = {},
): Promise<TestOperator> {
  const { password = 'operator-pass-1', active = true } = overrides;
  rememberSecret(password);
  const id = overrides.id ?? `op${++seq}_${randomBytes(3).toString('hex')}`;
  const [row] = await db
    .insert(operators)
    .values({ loginId: id, name: `Operator ${id}`, passwordHash: await hashPassword(password), active })
    .returning({ idx: operators.idx });
  return { idx: row!.idx, id, password };
}
