import type { TTwoStepEnabled, TTwoStepSetup } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashRecoveryCode, isRecoveryCodeShape, newRecoveryCodes, newTotpSecret, otpauthUri, qrSvg, totpCodeStep } from '../../lib/totp';
import * as repo from './two-step.repository';
import type { TwoStepOwner, TwoStepState } from './two-step.repository';
import { recordActivity, type ActivityEntry } from '../../lib/audit';

/** (issue 58) The second step of a login: the password was right, the account has 2-step login, no code came. */
export const twoStepRequired = () =>
  new AppError(401, 'TWO_STEP_REQUIRED', 'Please enter the code of your authenticator app or a recovery code.');
/** A wrong, used or expired code (counted like a wrong password). */
export const twoStepFailed = () => new AppError(401, 'TWO_STEP_FAILED', 'The code is not valid. Please try again.');

/** Whether the account's 2-step login is on (a pending secret is not). */
export const isEnabled = (s: TwoStepState | undefined): s is TwoStepState & { secret: string; enabledAt: Date } =>
  !!s?.secret && !!s.enabledAt;

/**
 * Checks a login's second step and spends it: a 6-digit code of a step within ±1 of `at` and after the last used
 * (each code once), or an unused recovery code (each once). False for anything else.
 */
export async function spendSecondStep(db: DbOrTx, owner: TwoStepOwner, secret: string, otp: string, at: Date): Promise<boolean> {
  const code = otp.replace(/\s/g, '');
  const step = totpCodeStep(secret, code, at);
  if (step !== null) return repo.spendStep(db, owner, step);
  if (isRecoveryCodeShape(code)) return repo.spendRecoveryCode(db, owner, hashRecoveryCode(code), at);
  return false;
}

/** Enrolment, confirmation and removal of a user's or an operator's 2-step login. */
export function createTwoStepService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    state: (owner: TwoStepOwner) => repo.findState(db, owner),

    /** A new pending secret with its otpauth:// URI and QR code; 409 when 2-step login is already on. */
    async setup(owner: TwoStepOwner, label: string): Promise<TTwoStepSetup> {
      const secret = newTotpSecret();
      if (!(await repo.setPendingSecret(db, owner, secret)))
        throw new AppError(409, 'TWO_STEP_ENABLED', '2-step login is already on. Turn it off first to enrol again.');
      const uri = otpauthUri(secret, label);
      return { secret, otpauth_uri: uri, qr_svg: qrSvg(uri) };
    },

    /** Confirms the pending secret with a code of it: 2-step login is on, and ten new recovery codes are answered once. */
    async enable(owner: TwoStepOwner, code: string, activity?: ActivityEntry): Promise<TTwoStepEnabled> {
      const at = now();
      const s = await repo.findState(db, owner);
      if (!s?.secret || s.enabledAt)
        throw new AppError(409, 'TWO_STEP_NOT_PENDING', 'Start the set-up again: there is no set-up waiting for its code.');
      const step = totpCodeStep(s.secret, code.replace(/\s/g, ''), at);
      if (step === null) throw new AppError(400, 'TWO_STEP_FAILED', 'The code is not valid. Please try again.');
      const codes = newRecoveryCodes();
      const done = await db.transaction(async (tx) => {
        if (!(await repo.enable(tx, owner, s.secret!, step, at))) return false;
        await repo.replaceRecoveryCodes(tx, owner, codes.map(hashRecoveryCode));
        await recordActivity(tx, activity, at);
        return true;
      });
      if (!done) throw new AppError(409, 'TWO_STEP_NOT_PENDING', 'Start the set-up again: there is no set-up waiting for its code.');
      return { recovery_codes: codes };
    },

    /** Turns 2-step login off (the caller checked the password) and drops the recovery codes. */
    async disable(owner: TwoStepOwner, activity?: ActivityEntry) {
      await db.transaction(async (tx) => {
        await repo.disable(tx, owner);
        await recordActivity(tx, activity, now());
      });
    },
  };
}
