/** The password-reset mail (forgotten password, password-reset.ts). */
import { MAIL_LANGUAGES, type TUserRole } from '@portal/contract';
import { screenHref } from '@portal/contract/screens';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import { LOCALES } from '../../lib/locales';
import { mailLocale, mailTemplate, type MailContext, type MailLocale } from '../../lib/mail/render';
import { companyMailTarget } from '../company/company.mail';

export const PASSWORD_RESET = mailTemplate('passwordReset');

/**
 * The password-reset link of a company: to its `email` list, in the language of the page that asked
 * for it (`language`), else the company's mail language.
 */
export async function enqueuePasswordReset(
  tx: DbOrTx,
  ctx: MailContext,
  a: { companyIdx: number; token: string; minutes: number; language?: string },
) {
  const c = await companyMailTarget(tx, a.companyIdx);
  if (!c) return undefined;
  const asked = (a.language ?? '').slice(0, 2).toLowerCase();
  const locale = (MAIL_LANGUAGES as readonly string[]).includes(asked) ? mailLocale(asked) : c.locale;
  return enqueueMail(tx, ctx, {
    kind: 'password_reset',
    template: PASSWORD_RESET,
    locale,
    values: { company: c.name, id: c.id, minutes: String(a.minutes) },
    path: screenHref('/password-reset/confirm', {}, { token: a.token }),
    to: recipientList(c.email),
    companyIdx: c.idx,
  });
}

export const INVITATION = mailTemplate('invitation');

/**
 * (issue 58) An owner's invitation: to the invited address alone, in the invitation's language, with the single-use
 * link to the accept page. The greeting names the person (its name, else its address), not the company.
 */
export async function enqueueInvitation(
  tx: DbOrTx,
  ctx: MailContext,
  a: {
    companyIdx: number;
    companyName: string;
    email: string;
    name: string;
    inviter: string;
    role: TUserRole;
    locale: MailLocale;
    token: string;
    hours: number;
  },
) {
  const words = LOCALES[a.locale].mail.invitation;
  return enqueueMail(tx, ctx, {
    kind: 'invitation',
    template: INVITATION,
    locale: a.locale,
    values: {
      company: a.name || a.email,
      inviter: a.inviter,
      companyName: a.companyName,
      role: words.roles[a.role],
      hours: String(a.hours),
    },
    path: screenHref('/invitation', {}, { token: a.token }),
    to: [a.email],
    companyIdx: a.companyIdx,
  });
}
