import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyUsers, operators, recoveryCodes } from '../../db/schema';

/**
 * (issue 58) The 2-step login columns of a company user or of an operator (the same three columns on both tables) and
 * their recovery codes.
 */
export type TwoStepOwner = { kind: 'user'; idx: number } | { kind: 'operator'; idx: number };

export interface TwoStepState {
  secret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

const tableOf = (o: TwoStepOwner) => (o.kind === 'user' ? companyUsers : operators);

export async function findState(db: DbOrTx, o: TwoStepOwner): Promise<TwoStepState | undefined> {
  const t = tableOf(o);
  const [row] = await db
    .select({ secret: t.totpSecret, enabledAt: t.totpEnabledAt, lastStep: t.totpLastStep })
    .from(t)
    .where(eq(t.idx, o.idx))
    .limit(1);
  return row;
}

/** A new secret, pending until a code of it is entered (enabled_at null); replaces a pending one. */
export async function setPendingSecret(db: DbOrTx, o: TwoStepOwner, secret: string) {
  const t = tableOf(o);
  const rows = await db
    .update(t)
    .set({ totpSecret: secret, totpEnabledAt: null, totpLastStep: null })
    .where(and(eq(t.idx, o.idx), isNull(t.totpEnabledAt)))
    .returning({ idx: t.idx });
  return rows.length > 0;
}

/** Enables the pending secret with the step of the code that confirmed it; false when it was not pending. */
export async function enable(db: DbOrTx, o: TwoStepOwner, secret: string, step: number, at: Date) {
  const t = tableOf(o);
  const rows = await db
    .update(t)
    .set({ totpEnabledAt: at, totpLastStep: step })
    .where(and(eq(t.idx, o.idx), eq(t.totpSecret, secret), isNull(t.totpEnabledAt)))
    .returning({ idx: t.idx });
  return rows.length > 0;
}

/**
 * Spends a code's step: one UPDATE that only moves the last step forward, so a code (or an older one) is accepted
 * once, also when two logins race with it.
 */
export async function spendStep(db: DbOrTx, o: TwoStepOwner, step: number) {
  const t = tableOf(o);
  const rows = await db
    .update(t)
    .set({ totpLastStep: step })
    .where(and(eq(t.idx, o.idx), or(isNull(t.totpLastStep), lt(t.totpLastStep, step))))
    .returning({ idx: t.idx });
  return rows.length > 0;
}

/** Clears the 2-step login and its recovery codes. */
export async function disable(db: DbOrTx, o: TwoStepOwner) {
  const t = tableOf(o);
  await db.update(t).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(t.idx, o.idx));
  await db.delete(recoveryCodes).where(ownerOf(o));
}

const ownerOf = (o: TwoStepOwner) => (o.kind === 'user' ? eq(recoveryCodes.userIdx, o.idx) : eq(recoveryCodes.operatorIdx, o.idx));

/** Replaces the recovery codes (their SHA-256). */
export async function replaceRecoveryCodes(db: DbOrTx, o: TwoStepOwner, hashes: string[]) {
  await db.delete(recoveryCodes).where(ownerOf(o));
  await db
    .insert(recoveryCodes)
    .values(hashes.map((codeHash) => (o.kind === 'user' ? { userIdx: o.idx, codeHash } : { operatorIdx: o.idx, codeHash })));
}

/** Spends an unused recovery code: one UPDATE, so of two uses one wins. */
export async function spendRecoveryCode(db: DbOrTx, o: TwoStepOwner, codeHash: string, at: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(ownerOf(o), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
