/** The mails' shared frame (greeting, footer) in five languages, as text and HTML parts, nothing loaded from the network. */
import type { AppConfig } from '../../config';
import { formatMoney, intlLocaleOf, MAIL_LANGUAGES, type TMailLanguage } from '@portal/contract';

/** What building a mail needs from the configuration. */
export interface MailContext {
  /** the portal's public address, no trailing slash (links) */
  publicUrl: string;
  /** MAIL_ATTACH_PDF */
  attachPdf?: boolean;
}

/** The mail context of a configuration (links to PUBLIC_URL, MAIL_ATTACH_PDF): the server, the CLI and the statements share it. */
export function mailContextOf(config: Pick<AppConfig, 'mail' | 'port'>): MailContext {
  return { publicUrl: config.mail?.publicUrl ?? `http://localhost:${config.port}`, attachPdf: config.mail?.attachPdf ?? false };
}

export const MAIL_LOCALES = MAIL_LANGUAGES;
export type MailLocale = TMailLanguage;

/** The company's stored UI language as a mail language (anything unknown → English). */
export function mailLocale(value: string | null | undefined): MailLocale {
  const short = (value ?? '').slice(0, 2).toLowerCase();
  return (MAIL_LOCALES as readonly string[]).includes(short) ? (short as MailLocale) : 'en';
}

/** One kind of mail in one language: the modules write theirs beside the code that raises them. */
export interface MailTexts {
  subject: string;
  /** paragraphs; `{name}` is replaced by the value of that name */
  lines: string[];
  /** the label of the link button */
  action: string;
  /** the closing line instead of the notifications' footer (a mail the company cannot switch off) */
  ignore?: string;
}

/** A kind of mail in every language: the Record type keeps all five alike (mail.test.ts checks their placeholders). */
export type MailTemplate = Record<MailLocale, MailTexts>;

/** The frame every mail shares: greeting and the notifications' footer. */
export const MAIL_FRAME: Record<MailLocale, { greeting: string; footer: string }> = {
  en: {
    greeting: 'Hello {company},',
    footer: 'This is an automatic message from the Publisher Portal. Notifications can be switched off in the company settings.',
  },
  ko: {
    greeting: '{company} 님, 안녕하세요.',
    footer: '퍼블리셔 포털에서 자동으로 보낸 메일입니다. 알림은 회사 설정에서 끌 수 있습니다.',
  },
  es: {
    greeting: 'Hola, {company}:',
    footer:
      'Este es un mensaje automático del Portal de Editoriales. Las notificaciones se pueden desactivar en la configuración de la empresa.',
  },
  zh: { greeting: '{company}，您好：', footer: '这是出版商门户自动发送的邮件。可以在公司设置中关闭通知。' },
  ja: {
    greeting: '{company} 様',
    footer: 'このメールはパブリッシャーポータルから自動送信されています。通知は会社設定でオフにできます。',
  },
};

/** A decimal string with its currency's symbol, by the contract's formatMoney (as the PDF and the screens). */
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

/** A mail of `template` in `locale`: greeting, lines, link button, then the ignore line or the footer. */
export function renderMail(template: MailTemplate, locale: MailLocale, values: Record<string, string>, link: string): RenderedMail {
  const k = template[locale];
  const greeting = fill(MAIL_FRAME[locale].greeting, values);
  const lines = k.lines.map((l) => fill(l, values));
  const closing = k.ignore ?? MAIL_FRAME[locale].footer;
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
