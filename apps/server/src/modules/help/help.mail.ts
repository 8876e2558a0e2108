/** The help desk's mail: a reply to or a comment on a company's Q&A post, raised by help.service.ts in its transaction. */
import { screenHref } from '@portal/contract/screens';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import { LOCALES } from '../../lib/locales';
import { mailTemplate, type MailContext } from '../../lib/mail/render';
import { companyMailTarget } from '../company/company.mail';
import { postForMail } from './help.repository';

/** The board whose replies and comments are mailed. */
export const QNA_BOARD = 'qna';

export const QNA_REPLY = mailTemplate('qnaReply');

/**
 * A reply to or a comment on a company's Q&A post (`postIdx`: the post replied to or commented on)
 * → that company's `email` list, once per reply or comment. Its own replies and comments raise nothing.
 */
export async function notifyQnaActivity(
  tx: DbOrTx,
  ctx: MailContext,
  a: { postIdx: number; what: 'reply' | 'comment'; sourceIdx: number; author: { type: string; idx: number } },
) {
  const root = await postForMail(tx, a.postIdx);
  if (!root || root.type !== 'company' || root.deleted) return undefined;
  if (a.author.type === 'company' && a.author.idx === root.owner) return undefined;
  const c = await companyMailTarget(tx, root.owner);
  if (!c?.notifyQna) return undefined;
  return enqueueMail(tx, ctx, {
    kind: 'qna_reply',
    template: QNA_REPLY,
    locale: c.locale,
    values: { company: c.name, title: root.title, what: LOCALES[c.locale].mail.qnaReply.what[a.what] },
    path: screenHref('/help/bbs/:bbs_name/view/:idx?', { bbs_name: QNA_BOARD, idx: root.idx }),
    to: recipientList(c.email),
    companyIdx: c.idx,
    dedupeKey: `qna_${a.what}:${a.sourceIdx}`,
  });
}
