/**
 * A change of a company's e-mail lists or password by the distributor, from any door (issues 56, 59): one audit
 * entry per change and one mail to the addresses it had before, in the transaction of the change.
 */
import type { DbOrTx } from '../../db/client';
import type { MailContext } from '../../lib/mail/render';
import { notifyAccountChanged, type AccountChange } from '../company/company.mail';

export interface AccountChangeRecord {
  companyIdx: number;
  /** the company's login id (the audit entries' target) */
  id: string;
  /** its e-mail lists before the change: the mail goes there */
  before: { email: string; emailInvoice: string };
  changed: AccountChange[];
}

/** Which of a company's e-mail lists a write changes (stored lists compared as stored, comma-separated). */
export function emailListChanges(
  before: { email: string; emailInvoice: string },
  after: { email: string; emailInvoice: string },
): AccountChange[] {
  const changed: AccountChange[] = [];
  if (before.email.trimEnd() !== after.email) changed.push('email');
  if (before.emailInvoice.trimEnd() !== after.emailInvoice) changed.push('email_invoice');
  return changed;
}

/** Audits each change with `audit` (bound to the writer and the transaction) and tells the old addresses (no mail context: nobody). */
export async function recordAccountChange(
  tx: DbOrTx,
  deps: { mail?: MailContext; audit: (action: string, target: string) => Promise<void> },
  c: AccountChangeRecord,
) {
  if (!c.changed.length) return;
  for (const what of c.changed) await deps.audit(`company.${what}`, c.id);
  if (deps.mail) await notifyAccountChanged(tx, deps.mail, { companyIdx: c.companyIdx, before: c.before, changed: c.changed });
}
