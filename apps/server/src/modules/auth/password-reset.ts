import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { COMPANY_DIVISION, type TPasswordResetConfirmBody } from '@portal/contract';
import type { Db } from '../../db/client';
import { clientKey } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import type { MailContext } from '../../lib/mail/render';
import { enqueuePasswordReset } from './auth.mail';
import type { AuthService } from './auth.service';
import * as repo from './auth.repository';
import * as throttle from './throttle';

/** A reset link works once, for this long. */
export const RESET_TOKEN_MINUTES = 30;
/** Links mailed to one company within an hour for one client, so a stranger cannot use up the owner's. */
export const RESET_MAILS_PER_HOUR = 3;
/** … and at most this many in all, from any number of clients: a bound on the mails anyone can make a company receive. */
export const RESET_MAILS_PER_HOUR_ALL = 10;
/** Every request answers after at least this long, so its time says nothing about the id. */
export const RESET_ANSWER_MS = 400;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () => new AppError(400, 'RESET_TOKEN_INVALID', 'This link is invalid or has expired.');

export interface PasswordResetDeps {
  db: Db;
  auth: AuthService;
  now: () => Date;
  mail: MailContext;
}

/** Forgotten password (issue 18): a single-use, 30-minute link to the company's `email` list. */
export function createPasswordResetService({ db, auth, now, mail }: PasswordResetDeps) {
  return {
    /** Always the same answer, after RESET_ANSWER_MS; counted per (account, client) and per client, never per account alone. */
    async request(id: string, ip: string, language?: string) {
      const started = performance.now();
      try {
        const at = now();
        const client = clientKey(ip);
        await throttle.assertResetAllowed(db, throttle.accountKey(id), client, at);
        const found = await repo.findCompanyById(db, id.trim());
        if (found?.passwordHash && found.company.codeCompanyDivision === COMPANY_DIVISION) {
          const companyIdx = found.company.idx;
          const recent = await repo.countResetTokens(db, companyIdx, client, new Date(at.getTime() - 3_600_000));
          if (recent.client < RESET_MAILS_PER_HOUR && recent.all < RESET_MAILS_PER_HOUR_ALL) {
            const token = randomBytes(32).toString('base64url');
            await db.transaction(async (tx) => {
              await repo.insertResetToken(tx, {
                tokenHash: hashToken(token),
                companyIdx,
                client,
                createdAt: at,
                expiresAt: new Date(at.getTime() + RESET_TOKEN_MINUTES * 60_000),
              });
              await enqueuePasswordReset(tx, mail, { companyIdx, token, minutes: RESET_TOKEN_MINUTES, language });
            });
          }
        }
        return { status: 'success' as const };
      } finally {
        await sleep(Math.max(0, RESET_ANSWER_MS - (performance.now() - started)));
      }
    },

    /** A live link answers success; an unknown, used or expired one RESET_TOKEN_INVALID, as its confirmation would. */
    async check(token: string) {
      if (!(await repo.isLiveResetToken(db, hashToken(token), now()))) throw invalidLink();
      return { status: 'success' as const };
    },

    async confirm(body: TPasswordResetConfirmBody) {
      const hash = await auth.hashPassword(body.password);
      const at = now();
      const companyIdx = await db.transaction(async (tx) => {
        const owner = await repo.spendResetToken(tx, hashToken(body.token), at);
        if (owner === undefined) return undefined;
        await repo.spendCompanyResetTokens(tx, owner, at);
        await auth.setPasswordHash(owner, hash, at, tx);
        await auth.revokeOtherSessions(owner, null, tx);
        return owner;
      });
      if (companyIdx === undefined) throw invalidLink();
      return { status: 'success' as const };
    },
  };
}
