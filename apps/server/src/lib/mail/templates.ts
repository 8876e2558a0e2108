/**
 * Mail templates: every kind in the five UI languages, kept in this one file. Each mail has a plain-text
 * and an HTML part built from the same strings; values are escaped in HTML and nothing is loaded from
 * the network (no remote images, no web fonts). Amounts and dates are formatted for the mail's language.
 */
import { formatMoney, intlLocaleOf, MAIL_LANGUAGES, type TMailLanguage } from '@portal/contract';

export const MAIL_LOCALES = MAIL_LANGUAGES;
export type MailLocale = TMailLanguage;

/** The company's stored UI language as a mail language (anything unknown → English). */
export function mailLocale(value: string | null | undefined): MailLocale {
  const short = (value ?? '').slice(0, 2).toLowerCase();
  return (MAIL_LOCALES as readonly string[]).includes(short) ? (short as MailLocale) : 'en';
}

interface KindStrings {
  subject: string;
  /** paragraphs; `{name}` is replaced by the value of that name */
  lines: string[];
  /** the label of the link button */
  action: string;
}

export interface MailStrings {
  greeting: string;
  footer: string;
  passwordReset: KindStrings & { ignore: string };
  invoiceNew: KindStrings;
  paymentRegistered: KindStrings;
  qnaReply: KindStrings;
  statementReady: KindStrings;
  /** (issue 56) the distributor changed the account's e-mail lists or password: always sent, to the addresses before */
  accountChanged: KindStrings & { ignore: string };
}

export type MailKind = 'password_reset' | 'invoice_new' | 'payment_registered' | 'qna_reply' | 'statement_ready' | 'account_changed';

/** The strings of every language: the Record type keeps the kinds and keys alike in all five (a test checks the placeholders). */
export const MAIL_STRINGS: Record<MailLocale, MailStrings> = {
  en: {
    greeting: 'Hello {company},',
    footer: 'This is an automatic message from the Publisher Portal. Notifications can be switched off in the company settings.',
    passwordReset: {
      subject: 'Reset your Publisher Portal password',
      lines: ['Someone asked to reset the password of the account {id}.', 'The link below works once, for {minutes} minutes.'],
      action: 'Choose a new password',
      ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
    invoiceNew: {
      subject: 'New invoice {code}',
      lines: ['A new invoice was issued to your company.', 'Invoice: {code}', 'Amount: {amount}', 'Issuance deadline: {deadline}'],
      action: 'Open the invoice list',
    },
    paymentRegistered: {
      subject: 'Payment of {amount} registered',
      lines: ['A payment was registered for your company.', 'Amount: {amount}', 'Date: {date}', 'Invoices covered: {invoices}'],
      action: 'Open the payment list',
    },
    qnaReply: {
      subject: 'New answer to your question "{title}"',
      lines: ['Your Q&A post "{title}" has a new {what}.'],
      action: 'Read it',
    },
    statementReady: {
      subject: 'Royalty statement {period} is ready',
      lines: ['Your royalty statement for {period} is ready.', '{list}'],
      action: 'Open the statements',
    },
    accountChanged: {
      subject: 'Your Publisher Portal account {id} was changed',
      lines: [
        'The distributor changed the following of the account {id}: {what}.',
        'This mail goes to the addresses the account had before the change.',
      ],
      action: 'Log in to the portal',
      ignore: 'If you did not expect this change, contact the distributor at once.',
    },
  },
  ko: {
    greeting: '{company} 님, 안녕하세요.',
    footer: '퍼블리셔 포털에서 자동으로 보낸 메일입니다. 알림은 회사 설정에서 끌 수 있습니다.',
    passwordReset: {
      subject: '퍼블리셔 포털 비밀번호 재설정',
      lines: ['{id} 계정의 비밀번호 재설정이 요청되었습니다.', '아래 링크는 {minutes}분 동안 한 번만 사용할 수 있습니다.'],
      action: '새 비밀번호 설정',
      ignore: '요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
    },
    invoiceNew: {
      subject: '새 청구서 {code}',
      lines: ['회사에 새 청구서가 발행되었습니다.', '청구서: {code}', '금액: {amount}', '발행 기한: {deadline}'],
      action: '청구서 목록 열기',
    },
    paymentRegistered: {
      subject: '{amount} 결제가 등록되었습니다',
      lines: ['회사의 결제가 등록되었습니다.', '금액: {amount}', '날짜: {date}', '해당 청구서: {invoices}'],
      action: '결제 목록 열기',
    },
    qnaReply: {
      subject: '질문 "{title}"에 새 답변이 있습니다',
      lines: ['Q&A 게시글 "{title}"에 새 {what}이(가) 달렸습니다.'],
      action: '확인하기',
    },
    statementReady: {
      subject: '{period} 인세 정산서가 준비되었습니다',
      lines: ['{period} 인세 정산서가 준비되었습니다.', '{list}'],
      action: '정산서 열기',
    },
    accountChanged: {
      subject: '퍼블리셔 포털 계정 {id} 정보가 변경되었습니다',
      lines: ['배급사가 {id} 계정의 다음 정보를 변경했습니다: {what}.', '이 메일은 변경 전 계정에 등록되어 있던 주소로 발송됩니다.'],
      action: '포털에 로그인',
      ignore: '예상하지 못한 변경이라면 즉시 배급사에 연락하세요.',
    },
  },
  es: {
    greeting: 'Hola, {company}:',
    footer:
      'Este es un mensaje automático del Portal de Editoriales. Las notificaciones se pueden desactivar en la configuración de la empresa.',
    passwordReset: {
      subject: 'Restablecer la contraseña del Portal de Editoriales',
      lines: [
        'Se ha solicitado restablecer la contraseña de la cuenta {id}.',
        'El enlace de abajo funciona una sola vez, durante {minutes} minutos.',
      ],
      action: 'Elegir una contraseña nueva',
      ignore: 'Si no lo ha solicitado, ignore este correo: su contraseña no cambia.',
    },
    invoiceNew: {
      subject: 'Nueva factura {code}',
      lines: [
        'Se ha emitido una nueva factura a su empresa.',
        'Factura: {code}',
        'Importe: {amount}',
        'Fecha límite de emisión: {deadline}',
      ],
      action: 'Abrir la lista de facturas',
    },
    paymentRegistered: {
      subject: 'Pago de {amount} registrado',
      lines: ['Se ha registrado un pago de su empresa.', 'Importe: {amount}', 'Fecha: {date}', 'Facturas cubiertas: {invoices}'],
      action: 'Abrir la lista de pagos',
    },
    qnaReply: {
      subject: 'Nueva respuesta a su pregunta «{title}»',
      lines: ['Su publicación de preguntas y respuestas «{title}» tiene un nuevo {what}.'],
      action: 'Leerlo',
    },
    statementReady: {
      subject: 'La liquidación de derechos de {period} está lista',
      lines: ['Su liquidación de derechos de autor de {period} está lista.', '{list}'],
      action: 'Abrir las liquidaciones',
    },
    accountChanged: {
      subject: 'Se ha modificado su cuenta {id} del Portal de Editoriales',
      lines: [
        'El distribuidor ha modificado lo siguiente de la cuenta {id}: {what}.',
        'Este correo se envía a las direcciones que la cuenta tenía antes del cambio.',
      ],
      action: 'Iniciar sesión en el portal',
      ignore: 'Si no esperaba este cambio, póngase en contacto con el distribuidor de inmediato.',
    },
  },
  zh: {
    greeting: '{company}，您好：',
    footer: '这是出版商门户自动发送的邮件。可以在公司设置中关闭通知。',
    passwordReset: {
      subject: '重置出版商门户密码',
      lines: ['有人请求重置账户 {id} 的密码。', '下面的链接只能使用一次，有效期 {minutes} 分钟。'],
      action: '设置新密码',
      ignore: '如果不是您本人请求，请忽略此邮件，您的密码不会改变。',
    },
    invoiceNew: {
      subject: '新发票 {code}',
      lines: ['已向贵公司开具新发票。', '发票：{code}', '金额：{amount}', '开票期限：{deadline}'],
      action: '打开发票列表',
    },
    paymentRegistered: {
      subject: '已登记付款 {amount}',
      lines: ['已登记贵公司的一笔付款。', '金额：{amount}', '日期：{date}', '涉及发票：{invoices}'],
      action: '打开付款列表',
    },
    qnaReply: {
      subject: '您的问题“{title}”有新回复',
      lines: ['您的问答帖子“{title}”有新的{what}。'],
      action: '查看',
    },
    statementReady: {
      subject: '{period} 版税结算单已就绪',
      lines: ['您 {period} 的版税结算单已就绪。', '{list}'],
      action: '打开结算单',
    },
    accountChanged: {
      subject: '您的出版商门户账户 {id} 已被更改',
      lines: ['经销商更改了账户 {id} 的以下内容：{what}。', '此邮件发送至账户更改前的地址。'],
      action: '登录门户',
      ignore: '如果您没有预料到此更改，请立即联系经销商。',
    },
  },
  ja: {
    greeting: '{company} 様',
    footer: 'このメールはパブリッシャーポータルから自動送信されています。通知は会社設定でオフにできます。',
    passwordReset: {
      subject: 'パブリッシャーポータルのパスワード再設定',
      lines: ['アカウント {id} のパスワード再設定が申請されました。', '下のリンクは {minutes} 分間、一度だけ使えます。'],
      action: '新しいパスワードを設定',
      ignore: '心当たりがない場合は、このメールを無視してください。パスワードは変わりません。',
    },
    invoiceNew: {
      subject: '新しい請求書 {code}',
      lines: ['貴社宛てに新しい請求書が発行されました。', '請求書：{code}', '金額：{amount}', '発行期限：{deadline}'],
      action: '請求書一覧を開く',
    },
    paymentRegistered: {
      subject: '{amount} の入金を登録しました',
      lines: ['貴社の入金が登録されました。', '金額：{amount}', '日付：{date}', '対象の請求書：{invoices}'],
      action: '入金一覧を開く',
    },
    qnaReply: {
      subject: 'ご質問「{title}」に新しい回答があります',
      lines: ['Q&A の投稿「{title}」に新しい{what}がありました。'],
      action: '確認する',
    },
    statementReady: {
      subject: '{period} の印税明細書ができました',
      lines: ['{period} の印税明細書ができました。', '{list}'],
      action: '明細書を開く',
    },
    accountChanged: {
      subject: 'パブリッシャーポータルのアカウント {id} が変更されました',
      lines: [
        '販売元がアカウント {id} の次の項目を変更しました：{what}。',
        'このメールは変更前にアカウントに登録されていたアドレスに送信しています。',
      ],
      action: 'ポータルにログイン',
      ignore: 'この変更に心当たりがない場合は、すぐに販売元にご連絡ください。',
    },
  },
};

/** (issue 56) The names of what an account change can touch, per language (joined into `{what}`). */
export const ACCOUNT_CHANGE_WHAT: Record<MailLocale, Record<'email' | 'email_invoice' | 'password', string>> = {
  en: { email: 'notification e-mail addresses', email_invoice: 'invoice e-mail addresses', password: 'password' },
  ko: { email: '알림 이메일 주소', email_invoice: '청구서 이메일 주소', password: '비밀번호' },
  es: { email: 'direcciones de correo de notificación', email_invoice: 'direcciones de correo de facturas', password: 'contraseña' },
  zh: { email: '通知邮箱地址', email_invoice: '发票邮箱地址', password: '密码' },
  ja: { email: '通知用メールアドレス', email_invoice: '請求書用メールアドレス', password: 'パスワード' },
};

/** The word for what was added to a Q&A post, per language. */
export const QNA_WHAT: Record<MailLocale, { reply: string; comment: string }> = {
  en: { reply: 'reply', comment: 'comment' },
  ko: { reply: '답글', comment: '댓글' },
  es: { reply: 'respuesta', comment: 'comentario' },
  zh: { reply: '回复', comment: '评论' },
  ja: { reply: '返信', comment: 'コメント' },
};

/**
 * A decimal string (never a float) with its currency's symbol and minor unit, by the contract's one
 * formatter (formatMoney): the same string as the invoice PDF and the screens show.
 */
export const formatAmount = (locale: MailLocale, amount: string, currency: string): string =>
  formatMoney(amount, currency.trim(), locale, { symbol: true });

/** A calendar date (YYYY-MM-DD) as the screens write it (lib/format formatDate: 2-digit month and day). */
export function formatDate(locale: MailLocale, day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocaleOf(locale), { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(d);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `{name}` → the value (missing names stay visible, so a test notices them). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

type KindKey = 'passwordReset' | 'invoiceNew' | 'paymentRegistered' | 'qnaReply' | 'statementReady' | 'accountChanged';
const KIND_KEY: Record<MailKind, KindKey> = {
  account_changed: 'accountChanged',
  password_reset: 'passwordReset',
  invoice_new: 'invoiceNew',
  payment_registered: 'paymentRegistered',
  qna_reply: 'qnaReply',
  statement_ready: 'statementReady',
};

/**
 * A mail of `kind` in `locale`: greeting, the kind's lines, a link button (and its URL in the text part),
 * the reset mail's "ignore" line or the notifications' footer.
 */
export function renderMail(kind: MailKind, locale: MailLocale, values: Record<string, string>, link: string): RenderedMail {
  const s = MAIL_STRINGS[locale];
  const k = s[KIND_KEY[kind]];
  const greeting = fill(s.greeting, values);
  const lines = k.lines.map((l) => fill(l, values));
  const closing = 'ignore' in k ? k.ignore : s.footer;
  const subject = fill(k.subject, values);
  const text = [greeting, '', ...lines, '', `${k.action}: ${link}`, '', '--', closing, ''].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,'Noto Sans KR','Noto Sans CJK',sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l).replaceAll('\n', '<br>')}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(k.action)}</a></p>
<p style="font-size:12px;color:#52606d">${escapeHtml(link)}</p>
<hr style="border:none;border-top:1px solid #e4e7eb">
<p style="font-size:12px;color:#52606d">${escapeHtml(closing)}</p>
</td></tr></table>
</body></html>
`;
  return { subject, text, html };
}
