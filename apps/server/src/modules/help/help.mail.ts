/** The help desk's mail: a reply to or a comment on a company's Q&A post, raised by help.service.ts in its transaction. */
import { screenHref } from '@portal/contract/screens';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import type { MailContext, MailLocale, MailTemplate } from '../../lib/mail/render';
import { companyMailTarget } from '../company/company.mail';
import { postForMail } from './help.repository';

/** The board whose replies and comments are mailed. */
export const QNA_BOARD = 'qna';

export const QNA_REPLY: MailTemplate = {
  en: { subject: 'New answer to your question "{title}"', lines: ['Your Q&A post "{title}" has a new {what}.'], action: 'Read it' },
  ko: { subject: '질문 "{title}"에 새 답변이 있습니다', lines: ['Q&A 게시글 "{title}"에 새 {what}이(가) 달렸습니다.'], action: '확인하기' },
  es: {
    subject: 'Nueva respuesta a su pregunta «{title}»',
    lines: ['Su publicación de preguntas y respuestas «{title}» tiene un nuevo {what}.'],
    action: 'Leerlo',
  },
  zh: { subject: '您的问题“{title}”有新回复', lines: ['您的问答帖子“{title}”有新的{what}。'], action: '查看' },
  ja: {
    subject: 'ご質問「{title}」に新しい回答があります',
    lines: ['Q&A の投稿「{title}」に新しい{what}がありました。'],
    action: '確認する',
  },
};

/** The word for what was added to a Q&A post, per language. */
const QNA_WHAT: Record<MailLocale, { reply: string; comment: string }> = {
  en: { reply: 'reply', comment: 'comment' },
  ko: { reply: '답글', comment: '댓글' },
  es: { reply: 'respuesta', comment: 'comentario' },
  zh: { reply: '回复', comment: '评论' },
  ja: { reply: '返信', comment: 'コメント' },
};

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
    values: { company: c.name, title: root.title, what: QNA_WHAT[c.locale][a.what] },
    path: screenHref('/help/bbs/:bbs_name/view/:idx?', { bbs_name: QNA_BOARD, idx: root.idx }),
    to: recipientList(c.email),
    companyIdx: c.idx,
    dedupeKey: `qna_${a.what}:${a.sourceIdx}`,
  });
}
