/**
 * The mails as text and HTML parts, nothing loaded from the network: their words in five languages are the
 * `mail` namespace of the locale files (lib/locales.ts), the shared frame (greeting, footer) included.
 */
import type { AppConfig } from '../../config';
import { formatMoney, intlLocaleOf, MAIL_LANGUAGES, type TMailLanguage } from '@portal/contract';
import { fillText, inEveryLanguage, LOCALES } from '../locales';
import { escapeMarkup } from '../markup';

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

/** One kind of mail in one language: the modules name theirs (`mailTemplate`) beside the code that raises them. */
export interface MailTexts {
  subject: string;
  /** paragraphs; `{{name}}` is replaced by the value of that name */
  lines: string[];
  /** the label of the link button */
  action: string;
  /** the closing line instead of the notifications' footer (a mail the company cannot switch off) */
  ignore?: string;
}

/** A kind of mail in every language (the locale files' parity test keeps all five alike). */
export type MailTemplate = Record<MailLocale, MailTexts>;

/** The mail `name` of the `mail` namespace in every language. */
export const mailTemplate = (name: Exclude<keyof typeof LOCALES.en.mail, 'frame'>): MailTemplate => inEveryLanguage((w) => w.mail[name]);

/** The frame every mail shares: greeting and the notifications' footer. */
export const MAIL_FRAME = inEveryLanguage((w) => w.mail.frame);

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

/** A mail of `template` in `locale`: greeting, lines, link button, then the ignore line or the footer. */
export function renderMail(template: MailTemplate, locale: MailLocale, values: Record<string, string>, link: string): RenderedMail {
  const k = template[locale];
  const fill = (text: string) => fillText(text, locale, values);
  const greeting = fill(MAIL_FRAME[locale].greeting);
  const lines = k.lines.map(fill);
  const closing = k.ignore ?? MAIL_FRAME[locale].footer;
  const subject = fill(k.subject);
  const text = [greeting, '', ...lines, '', `${k.action}: ${link}`, '', '--', closing, ''].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeMarkup(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,'Noto Sans KR','Noto Sans CJK',sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p>${escapeMarkup(greeting)}</p>
${lines.map((l) => `<p>${escapeMarkup(l).replaceAll('\n', '<br>')}</p>`).join('\n')}
<p><a href="${escapeMarkup(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px">${escapeMarkup(k.action)}</a></p>
<p style="font-size:12px;color:#52606d">${escapeMarkup(link)}</p>
<hr style="border:none;border-top:1px solid #e4e7eb">
<p style="font-size:12px;color:#52606d">${escapeMarkup(closing)}</p>
</td></tr></table>
</body></html>
`;
  return { subject, text, html };
}
