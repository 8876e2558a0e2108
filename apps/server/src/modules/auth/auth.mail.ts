/** The password-reset mail (forgotten password, password-reset.ts). */
import { MAIL_LANGUAGES } from '@portal/contract';
import { screenHref } from '@portal/contract/screens';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import { mailLocale, type MailContext, type MailTemplate } from '../../lib/mail/render';
import { companyMailTarget } from '../company/company.mail';

export const PASSWORD_RESET: MailTemplate = {
  en: {
    subject: 'Reset your Publisher Portal password',
    lines: ['Someone asked to reset the password of the account {id}.', 'The link below works once, for {minutes} minutes.'],
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  ko: {
    subject: '퍼블리셔 포털 비밀번호 재설정',
    lines: ['{id} 계정의 비밀번호 재설정이 요청되었습니다.', '아래 링크는 {minutes}분 동안 한 번만 사용할 수 있습니다.'],
    action: '새 비밀번호 설정',
    ignore: '요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
  },
  es: {
    subject: 'Restablecer la contraseña del Portal de Editoriales',
    lines: [
      'Se ha solicitado restablecer la contraseña de la cuenta {id}.',
      'El enlace de abajo funciona una sola vez, durante {minutes} minutos.',
    ],
    action: 'Elegir una contraseña nueva',
    ignore: 'Si no lo ha solicitado, ignore este correo: su contraseña no cambia.',
  },
  zh: {
    subject: '重置出版商门户密码',
    lines: ['有人请求重置账户 {id} 的密码。', '下面的链接只能使用一次，有效期 {minutes} 分钟。'],
    action: '设置新密码',
    ignore: '如果不是您本人请求，请忽略此邮件，您的密码不会改变。',
  },
  ja: {
    subject: 'パブリッシャーポータルのパスワード再設定',
    lines: ['アカウント {id} のパスワード再設定が申請されました。', '下のリンクは {minutes} 分間、一度だけ使えます。'],
    action: '新しいパスワードを設定',
    ignore: '心当たりがない場合は、このメールを無視してください。パスワードは変わりません。',
  },
};

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
