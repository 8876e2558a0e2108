/** The royalty statements' mail, raised by statements.service.ts once per company and period after issuing them. */
import { createHash } from 'node:crypto';
import { screenHref } from '@portal/contract/screens';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import { mailTemplate, type MailContext } from '../../lib/mail/render';
import { companyMailTarget } from '../company/company.mail';

export const STATEMENT_READY = mailTemplate('statementReady');

/**
 * The royalty statements of a company and period issued in one run → one mail to the company's `email`
 * list naming each statement's number and currency. The numbers name the mail once (dedupe: a run that
 * issues nothing new mails nothing).
 */
export async function notifyStatementReady(
  tx: DbOrTx,
  ctx: MailContext,
  a: { companyIdx: number; period: string; statements: { number: string; currency: string }[] },
) {
  if (a.statements.length === 0) return undefined;
  const c = await companyMailTarget(tx, a.companyIdx);
  if (!c?.notifyStatement) return undefined;
  const sorted = [...a.statements].sort((x, y) => (x.number < y.number ? -1 : 1));
  const numbers = sorted.map((s) => s.number).join(',');
  return enqueueMail(tx, ctx, {
    kind: 'statement_ready',
    template: STATEMENT_READY,
    locale: c.locale,
    values: { company: c.name, period: a.period, list: sorted.map((s) => `${s.number} (${s.currency})`).join('\n') },
    path: screenHref('/copyright/royalty'),
    to: recipientList(c.email),
    companyIdx: c.idx,
    // the key holds 200 characters: a company's few statements of a period fit; more are named by their digest
    dedupeKey: `statement_ready:${numbers.length <= 180 ? numbers : createHash('sha256').update(numbers).digest('hex')}`,
  });
}
