/**
 * A company as the receiver of mails (every module's mails read it here), and the mail the company gets
 * when the distributor changes its account. Mails are raised inside the transaction that writes their
 * event, so they are committed with it or not at all (lib/mail/outbox.ts).
 */
import { languageOfCountry } from '@portal/contract';
import { screenHref } from '@portal/contract/screens';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import { LOCALES } from '../../lib/locales';
import { mailLocale, mailTemplate, type MailContext } from '../../lib/mail/render';
import { findMailTarget } from './company.repository';

/** A company's mail lists, switches and language (its choice in the notification settings, else its country's). */
export async function companyMailTarget(tx: DbOrTx, companyIdx: number) {
  const c = await findMailTarget(tx, companyIdx);
  return c && { ...c, locale: mailLocale(c.mailLanguage ?? languageOfCountry(c.country)) };
}

export const ACCOUNT_CHANGED = mailTemplate('accountChanged');

/** What a change of an account by the distributor touched. */
export type AccountChange = 'email' | 'email_invoice' | 'password';

/** An account change by the distributor → the addresses the company had before, always (a takeover is seen by the owner). */
export async function notifyAccountChanged(
  tx: DbOrTx,
  ctx: MailContext,
  a: { companyIdx: number; before: { email: string; emailInvoice: string }; changed: AccountChange[] },
) {
  const c = await companyMailTarget(tx, a.companyIdx);
  if (!c || !a.changed.length) return undefined;
  const what = a.changed.map((w) => LOCALES[c.locale].mail.accountChanged.what[w]).join(', ');
  return enqueueMail(tx, ctx, {
    kind: 'account_changed',
    template: ACCOUNT_CHANGED,
    locale: c.locale,
    values: { company: c.name, id: c.id, what },
    path: screenHref('/login'),
    to: [...new Set([...recipientList(a.before.email), ...recipientList(a.before.emailInvoice)])],
    companyIdx: c.idx,
  });
}
