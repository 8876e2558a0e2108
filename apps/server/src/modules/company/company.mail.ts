/**
 * A company as the receiver of mails (every module's mails read it here), and the mail the company gets
 * when the distributor changes its account. Mails are raised inside the transaction that writes their
 * event, so they are committed with it or not at all (lib/mail/outbox.ts).
 */
import { languageOfCountry } from '@portal/contract';
import { screenHref } from '@portal/contract/screens';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import { mailLocale, type MailContext, type MailLocale, type MailTemplate } from '../../lib/mail/render';
import { findMailTarget } from './company.repository';

/** A company's mail lists, switches and language (its choice in the notification settings, else its country's). */
export async function companyMailTarget(tx: DbOrTx, companyIdx: number) {
  const c = await findMailTarget(tx, companyIdx);
  return c && { ...c, locale: mailLocale(c.mailLanguage ?? languageOfCountry(c.country)) };
}

export const ACCOUNT_CHANGED: MailTemplate = {
  en: {
    subject: 'Your Publisher Portal account {id} was changed',
    lines: [
      'The distributor changed the following of the account {id}: {what}.',
      'This mail goes to the addresses the account had before the change.',
    ],
    action: 'Log in to the portal',
    ignore: 'If you did not expect this change, contact the distributor at once.',
  },
  ko: {
    subject: '퍼블리셔 포털 계정 {id} 정보가 변경되었습니다',
    lines: ['배급사가 {id} 계정의 다음 정보를 변경했습니다: {what}.', '이 메일은 변경 전 계정에 등록되어 있던 주소로 발송됩니다.'],
    action: '포털에 로그인',
    ignore: '예상하지 못한 변경이라면 즉시 배급사에 연락하세요.',
  },
  es: {
    subject: 'Se ha modificado su cuenta {id} del Portal de Editoriales',
    lines: [
      'El distribuidor ha modificado lo siguiente de la cuenta {id}: {what}.',
      'Este correo se envía a las direcciones que la cuenta tenía antes del cambio.',
    ],
    action: 'Iniciar sesión en el portal',
    ignore: 'Si no esperaba este cambio, póngase en contacto con el distribuidor de inmediato.',
  },
  zh: {
    subject: '您的出版商门户账户 {id} 已被更改',
    lines: ['经销商更改了账户 {id} 的以下内容：{what}。', '此邮件发送至账户更改前的地址。'],
    action: '登录门户',
    ignore: '如果您没有预料到此更改，请立即联系经销商。',
  },
  ja: {
    subject: 'パブリッシャーポータルのアカウント {id} が変更されました',
    lines: [
      '販売元がアカウント {id} の次の項目を変更しました：{what}。',
      'このメールは変更前にアカウントに登録されていたアドレスに送信しています。',
    ],
    action: 'ポータルにログイン',
    ignore: 'この変更に心当たりがない場合は、すぐに販売元にご連絡ください。',
  },
};

/** What a change of an account by the distributor touched. */
export type AccountChange = 'email' | 'email_invoice' | 'password';

/** The names of what an account change can touch, per language (joined into `{what}`). */
const ACCOUNT_CHANGE_WHAT: Record<MailLocale, Record<AccountChange, string>> = {
  en: { email: 'notification e-mail addresses', email_invoice: 'invoice e-mail addresses', password: 'password' },
  ko: { email: '알림 이메일 주소', email_invoice: '청구서 이메일 주소', password: '비밀번호' },
  es: { email: 'direcciones de correo de notificación', email_invoice: 'direcciones de correo de facturas', password: 'contraseña' },
  zh: { email: '通知邮箱地址', email_invoice: '发票邮箱地址', password: '密码' },
  ja: { email: '通知用メールアドレス', email_invoice: '請求書用メールアドレス', password: 'パスワード' },
};

/** An account change by the distributor → the addresses the company had before, always (a takeover is seen by the owner). */
export async function notifyAccountChanged(
  tx: DbOrTx,
  ctx: MailContext,
  a: { companyIdx: number; before: { email: string; emailInvoice: string }; changed: AccountChange[] },
) {
  const c = await companyMailTarget(tx, a.companyIdx);
  if (!c || !a.changed.length) return undefined;
  const what = a.changed.map((w) => ACCOUNT_CHANGE_WHAT[c.locale][w]).join(', ');
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
