/**
 * (issue 58) An owner invites a person by e-mail: a single-use link, valid INVITATION_HOURS, with which the person
 * chooses a login id and a password, then logs in on the login page like every user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_HOURS, type TInvitationAccept, type TInvitationCreateBody, type TInvitationList } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordActivity, type ActivityEntry } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { MailContext } from '../../lib/mail/render';
import { companyMailTarget } from '../company/company.mail';
import { enqueueInvitation } from './auth.mail';
import type { AuthService } from './auth.service';
import * as repo from './invitations.repository';

export interface InvitationsDeps {
  db: Db;
  now: () => Date;
  mail: MailContext;
  auth: Pick<AuthService, 'hashPassword'>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Used, withdrawn or unknown: one answer, so that a stranger learns nothing from a guessed token. */
const notFound = () => new AppError(404, 'INVITATION_NOT_FOUND', 'This invitation link is not valid.');
/** Expired (and never used nor withdrawn): the holder of the link may be told, to ask the owner for a new one. */
const expired = () => new AppError(410, 'INVITATION_EXPIRED', 'This invitation has expired. Please ask for a new one.');
const loginTaken = () => new AppError(409, 'LOGIN_TAKEN', 'This login id is taken. Please choose another.');
const alreadyUser = () => new AppError(409, 'ALREADY_USER', 'An active user of the company has this e-mail address already.');

/** PostgreSQL unique violation (PGlite and node-postgres; Drizzle may wrap the driver error). */
function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return true;
  }
  return false;
}

export function createInvitationsService({ db, now, mail, auth }: InvitationsDeps) {
  /** The refusal of a token that is not live: expired (410) or anything else (404). */
  async function refusal(tokenHash: string) {
    const found = await repo.findInvitation(db, tokenHash);
    return found && !found.acceptedAt && !found.revokedAt && found.expiresAt <= now() ? expired() : notFound();
  }

  return {
    /**
     * A new invitation and its mail, in one transaction. An address of an active user of the company is refused (409
     * ALREADY_USER); an earlier live invitation of the same address is withdrawn (one working link a person).
     */
    async create(companyIdx: number, inviterIdx: number, body: TInvitationCreateBody, activity?: ActivityEntry) {
      if (await repo.hasActiveUserWithEmail(db, companyIdx, body.email)) throw alreadyUser();
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const idx = await db.transaction(async (tx) => {
        const company = await companyMailTarget(tx, companyIdx);
        if (!company) throw new Error(`company ${companyIdx} not found`);
        const inviter = await repo.findInviter(tx, companyIdx, inviterIdx);
        const language = body.language ?? company.locale;
        await repo.revokeLiveInvitationsOf(tx, companyIdx, body.email, at);
        const created = await repo.insertInvitation(tx, {
          companyIdx,
          email: body.email,
          name: body.name,
          role: body.role,
          language,
          tokenHash: hashToken(token),
          invitedBy: inviterIdx,
          createdAt: at,
          expiresAt: new Date(at.getTime() + INVITATION_HOURS * 3_600_000),
        });
        await enqueueInvitation(tx, mail, {
          companyIdx,
          companyName: company.name,
          email: body.email,
          name: body.name,
          inviter: inviter?.name || inviter?.loginId || company.name,
          role: body.role,
          locale: language,
          token,
          hours: INVITATION_HOURS,
        });
        await recordActivity(tx, activity && { ...activity, target: body.email }, at);
        return created;
      });
      return { status: 'success' as const, idx };
    },

    async list(companyIdx: number): Promise<TInvitationList> {
      const rows = await repo.listLiveInvitations(db, companyIdx, now());
      const dataset = rows.map(({ createdAt, expiresAt, ...r }) => ({
        ...r,
        created_at: createdAt.toISOString(),
        expires_at: expiresAt.toISOString(),
      }));
      return { dataset, total_cnt: dataset.length };
    },

    /** Withdraws a live invitation; another company's, a used, withdrawn or expired one answers 404. */
    async withdraw(companyIdx: number, idx: number, activity?: ActivityEntry) {
      await db.transaction(async (tx) => {
        if (!(await repo.revokeInvitation(tx, companyIdx, idx, now()))) throw new AppError(404, 'NOT_FOUND', 'Not found');
        await recordActivity(tx, activity, now());
      });
      return { status: 'success' as const };
    },

    /** What the accept page shows of a live invitation. */
    async show(token: string) {
      const tokenHash = hashToken(token);
      const found = await repo.findInvitation(db, tokenHash);
      if (!found || found.acceptedAt || found.revokedAt) throw notFound();
      if (found.expiresAt <= now()) throw expired();
      return { company_name: found.companyName, email: found.email, role: found.role, name: found.name, language: found.language };
    },

    /**
     * The person's login id, name and password: the user is made and the invitation spent in one transaction, the
     * invitation by a conditional update (two accepts at once make one user).
     */
    async accept(token: string, body: TInvitationAccept) {
      const tokenHash = hashToken(token);
      const passwordHash = await auth.hashPassword(body.password);
      const at = now();
      try {
        const made = await db.transaction(async (tx) => {
          const invitation = await repo.spendInvitation(tx, tokenHash, at);
          if (!invitation) return false;
          if (await repo.loginIdTaken(tx, body.login_id)) throw loginTaken();
          const userIdx = await repo.insertInvitedUser(tx, {
            companyIdx: invitation.companyIdx,
            loginId: body.login_id,
            name: body.name,
            email: invitation.email,
            role: invitation.role,
            passwordHash,
            createdAt: at,
          });
          await repo.setAcceptedUser(tx, invitation.idx, userIdx);
          // the company's activity log: the person joined, as the new user
          const joined = { companyIdx: invitation.companyIdx, actor: body.login_id, action: 'user.join', target: invitation.email };
          await recordActivity(tx, joined, at);
          return true;
        });
        if (!made) throw await refusal(tokenHash);
      } catch (e) {
        // a login id taken between the check and the insert (the unique index of company_users.login_id)
        if (isUniqueViolation(e)) throw loginTaken();
        throw e;
      }
      return { status: 'success' as const };
    },
  };
}
