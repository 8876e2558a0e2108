/** The password-reset mail (forgotten password, password-reset.ts). */
import { MAIL_LANGUAGES } from '@portal/contract';
import { screenHref } from '@portal/contract/screens';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import { mailLocale, mailTemplate, type MailContext } from '../../lib/mail/render';
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
