import { z } from 'zod';
import { ZListResponse } from './common';
import { PASSWORD_MIN_LENGTH } from './constants';

/** The languages a company's mails (and a password-reset mail) can be written in: the UI languages. */
export const MAIL_LANGUAGES = ['en', 'ko', 'es', 'zh', 'ja'] as const;
export type TMailLanguage = (typeof MAIL_LANGUAGES)[number];

const SPANISH_COUNTRIES = new Set('ESP MEX ARG COL CHL PER VEN ECU GTM CUB BOL DOM HND PRY SLV NIC CRI PAN URY'.split(' '));

/**
 * The language of a country (its royalty statements, and its mails unless the company chose another):
 * ko, ja, zh, es, else en.
 */
export function languageOfCountry(country: string): TMailLanguage {
  const c = country.trim().toUpperCase();
  if (c === 'KOR') return 'ko';
  if (c === 'JPN') return 'ja';
  if (c === 'CHN' || c === 'TWN' || c === 'HKG' || c === 'MAC' || c === 'SGP') return 'zh';
  if (SPANISH_COUNTRIES.has(c)) return 'es';
  return 'en';
}

/**
 * Schemas of the company calls (spec §7) and the rules of spec §5, shared by the screen
 * (react-hook-form + zodResolver) and the server (request validation), so both refuse the same input.
 *
 * Issue messages are stable codes, not texts: the web turns them into i18n messages
 * (`company.validation.*`), the server sends them in the error envelope's `issues`.
 *   required · maxLength:<n> · email · duplicateEmail · phone · country · url · defaultYn ·
 *   minLength:<n> · passwordMismatch · samePassword · wrongPassword · readOnly
 */
export const COMPANY_MESSAGES = {
  required: 'required',
  email: 'email',
  duplicateEmail: 'duplicateEmail',
  phone: 'phone',
  country: 'country',
  url: 'url',
  defaultYn: 'defaultYn',
  passwordMismatch: 'passwordMismatch',
  samePassword: 'samePassword',
  wrongPassword: 'wrongPassword',
  readOnly: 'readOnly',
  maxLength: (n: number) => `maxLength:${n}`,
  minLength: (n: number) => `minLength:${n}`,
} as const;

/** Spec §5/§9: address lines are at most 45 characters. */
export const ADDRESS_LINE_MAX = 45;
/** The country whose addresses have no city/state and use the Korean postcode search. */
export const KOREA = 'KOR';
export const MAX_EMAILS = 20;

/** Length in characters (code points), so Korean and other non-Latin text counts like any other. */
export const charLength = (s: string) => Array.from(s).length;

/**
 * A trimmed text of at most `max` characters (counted as code points, not UTF-16 units). One issue
 * per field at most, and never an aborting one, so object-level rules (city/state) still run.
 */
const text = (max: number, required: boolean, extra?: (s: string) => string | undefined) =>
  z
    .string({ error: COMPANY_MESSAGES.required })
    .trim()
    .superRefine((s, ctx) => {
      let message: string | undefined;
      if (required && s.length === 0) message = COMPANY_MESSAGES.required;
      else if (charLength(s) > max) message = COMPANY_MESSAGES.maxLength(max);
      else if (s !== '' && extra) message = extra(s);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
const optionalText = (max: number, extra?: (s: string) => string | undefined) => text(max, false, extra).optional().default('');

const PHONE = /^[0-9+()\-. ]*$/;
const phoneRule = (s: string) => (PHONE.test(s) && /\d/.test(s) ? undefined : COMPANY_MESSAGES.phone);
const phone = (required: boolean) => text(50, required, phoneRule);

/** A 3-letter country code; the server also checks it against the countries table. */
export const ZCountryCode = z
  .string({ error: COMPANY_MESSAGES.required })
  .trim()
  .toUpperCase()
  .superRefine((s, ctx) => {
    if (s.length === 0) ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.required });
    else if (!/^[A-Z]{3}$/.test(s)) ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.country });
  });

const EMAIL = z.email();
const splitEmails = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Array.isArray(v)
      ? v.map((s) => (typeof s === 'string' ? s.trim() : s))
      : v;

/**
 * An e-mail list (spec §3): a JSON array or a comma-separated string in, an array of addresses out.
 * Every address must be an e-mail, none twice (case-insensitive), at least one. Entries of an array
 * keep their positions (an empty one is 'required'), so an issue's index names the input it is about.
 */
export const ZEmailList = z.preprocess(
  splitEmails,
  z
    .array(z.string(), { error: COMPANY_MESSAGES.required })
    .min(1, { message: COMPANY_MESSAGES.required })
    .max(MAX_EMAILS, { message: COMPANY_MESSAGES.maxLength(MAX_EMAILS) })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((e, i) => {
        if (e === '') {
          ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.required, path: [i] });
          return;
        }
        if (charLength(e) > 200 || !EMAIL.safeParse(e).success) {
          ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.email, path: [i] });
          return;
        }
        const key = e.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.duplicateEmail, path: [i] });
        seen.add(key);
      });
    }),
);

/** The lists travel and are stored comma-separated (spec §3). */
export const joinEmails = (list: readonly string[]) => list.join(',');
export const parseEmails = (s: string): string[] => (splitEmails(s) as string[]) ?? [];

/** City and state: required only when the country is not KOR (spec §5). Runs even when other fields failed. */
function cityStateRule(v: { country?: unknown; city?: unknown; state?: unknown }, ctx: z.RefinementCtx) {
  const country = typeof v.country === 'string' ? v.country.trim().toUpperCase() : '';
  if (!country || country === KOREA) return;
  for (const key of ['city', 'state'] as const) {
    const value = v[key];
    if (typeof value !== 'string' || value.trim() === '') ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.required, path: [key] });
  }
}
/**
 * Object-level rules run even when a field failed (so every message shows at once), but only on an
 * object: on a null, array or string body they would read properties of nothing (a 500 before).
 */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
} as const;
/** For KOR the hidden city/state are stored empty. */
function clearCityStateForKorea<T extends { country: string; city: string; state: string }>(v: T): T {
  return v.country === KOREA ? { ...v, city: '', state: '' } : v;
}

// ---------------------------------------------------------------- profile

const profileShape = {
  /** The login id: read-only once the company has an idx (it always has one here). */
  id: z.string().trim().max(100).optional(),
  company_name: text(200, true),
  first_name: text(100, true),
  last_name: text(100, true),
  registration_number: text(50, true),
  site_url: optionalText(300, (s) => (/^https?:\/\/[^\s]+$/i.test(s) ? undefined : COMPANY_MESSAGES.url)),
  country: ZCountryCode,
  zipcode: text(20, true),
  addressLine1: text(ADDRESS_LINE_MAX, true),
  addressLine2: optionalText(ADDRESS_LINE_MAX),
  city: optionalText(100),
  state: optionalText(100),
  business_conditions: text(200, true),
  item: text(200, true),
  telephone: phone(true),
  fax: optionalText(50, phoneRule),
  email: ZEmailList,
  email_invoice: ZEmailList,
};

/** PATCH company/companyUpdate/{idx}: the profile fields; `email`/`email_invoice` as lists or comma-separated. */
export const ZCompanyUpdateBody = z.object(profileShape).superRefine(cityStateRule, always).transform(clearCityStateForKorea);
export type TCompanyUpdateBody = z.input<typeof ZCompanyUpdateBody>;
export type TCompanyUpdate = z.output<typeof ZCompanyUpdateBody>;

/** GET company/getInfo/{idx}: the profile, e-mail lists comma-separated (spec §3). */
export const ZCompanyInfo = z.object({
  idx: z.number().int(),
  id: z.string(),
  company_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  registration_number: z.string(),
  site_url: z.string(),
  country: z.string(),
  zipcode: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  business_conditions: z.string(),
  item: z.string(),
  telephone: z.string(),
  fax: z.string(),
  email: z.string(),
  email_invoice: z.string(),
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

export const ZCompanyIdxParams = z.object({ idx: z.coerce.number().int().positive().max(2_147_483_647) });

// ---------------------------------------------------------------- password

/** The new password: required, at least 7 characters (spec §5/§9); also an invited user's first password (roles.ts). */
export const newPassword = () =>
  z.string({ error: COMPANY_MESSAGES.required }).superRefine((s, ctx) => {
    let message: string | undefined;
    if (s.length === 0) message = COMPANY_MESSAGES.required;
    else if (charLength(s) < PASSWORD_MIN_LENGTH) message = COMPANY_MESSAGES.minLength(PASSWORD_MIN_LENGTH);
    else if (charLength(s) > 200) message = COMPANY_MESSAGES.maxLength(200);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** PATCH company/passwordUpdate/ (spec §5 password change). */
export const ZPasswordUpdateBody = z
  .object({
    password_current: z.string({ error: COMPANY_MESSAGES.required }).min(1, { message: COMPANY_MESSAGES.required }).max(200),
    password_change: newPassword(),
  })
  .superRefine((v, ctx) => {
    if (typeof v.password_current === 'string' && v.password_current !== '' && v.password_current === v.password_change) {
      ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.samePassword, path: ['password_change'] });
    }
  }, always);
export type TPasswordUpdateBody = z.infer<typeof ZPasswordUpdateBody>;

/** The change-password modal: the update body plus the confirmation, which must equal the new password. */
export const ZPasswordChangeForm = z
  .object({
    password_current: z.string().min(1, { message: COMPANY_MESSAGES.required }),
    password_change: newPassword(),
    password_confirm: z.string().min(1, { message: COMPANY_MESSAGES.required }),
  })
  .superRefine((v, ctx) => {
    if (typeof v.password_confirm === 'string' && v.password_confirm !== '' && v.password_confirm !== v.password_change) {
      ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.passwordMismatch, path: ['password_confirm'] });
    }
    if (typeof v.password_current === 'string' && v.password_current !== '' && v.password_current === v.password_change) {
      ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.samePassword, path: ['password_change'] });
    }
  }, always);
export type TPasswordChangeForm = z.infer<typeof ZPasswordChangeForm>;

export const ZStatusSuccess = z.object({ status: z.literal('success') });

// ---------------------------------------------------------------- forgotten password (addition, issue 18)

/** The reset link's token travels in the link; it is a 43-character base64url string. */
export const PASSWORD_RESET_TOKEN_MAX = 200;
export const ZPasswordResetRequestBody = z.object({
  id: z.string({ error: COMPANY_MESSAGES.required }).trim().min(1, { message: COMPANY_MESSAGES.required }).max(100),
  /** the language of the page that asked: the mail is written in it (absent or not a UI language: the company's mail language) */
  language: z.string().max(10).optional(),
});
export type TPasswordResetRequestBody = z.infer<typeof ZPasswordResetRequestBody>;
export const ZPasswordResetConfirmBody = z.object({
  token: z.string().min(1).max(PASSWORD_RESET_TOKEN_MAX),
  password: newPassword(),
});
export type TPasswordResetConfirmBody = z.infer<typeof ZPasswordResetConfirmBody>;
/** The mailed link's token alone: asked when the reset page opens, so a used or expired link says so at once. */
export const ZPasswordResetCheckBody = ZPasswordResetConfirmBody.pick({ token: true });
/** The new-password form: the password twice. */
export const ZPasswordResetForm = z
  .object({ password: newPassword(), password_confirm: z.string().min(1, { message: COMPANY_MESSAGES.required }) })
  .superRefine((v, ctx) => {
    if (typeof v.password_confirm === 'string' && v.password_confirm !== '' && v.password_confirm !== v.password) {
      ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.passwordMismatch, path: ['password_confirm'] });
    }
  }, always);
export type TPasswordResetForm = z.infer<typeof ZPasswordResetForm>;

// ---------------------------------------------------------------- mail notifications (addition, issue 18)

/** Which notification mails the company gets (each default on), and their language (null: its country's). */
export const ZNotificationSettings = z.object({
  notify_invoice: z.boolean(),
  notify_payment: z.boolean(),
  notify_qna: z.boolean(),
  notify_statement: z.boolean(),
  mail_language: z.enum(MAIL_LANGUAGES).nullable(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

// ---------------------------------------------------------------- addresses

/** POST/PATCH company/CompanyAddress: spec §3 company address, rules of spec §5 address form. */
export const ZCompanyAddressBody = z
  .object({
    address_name: text(100, true),
    country: ZCountryCode,
    zipcode: text(20, true),
    addressLine1: text(ADDRESS_LINE_MAX, true),
    addressLine2: optionalText(ADDRESS_LINE_MAX),
    city: optionalText(100),
    state: optionalText(100),
    telephone: phone(true),
    fax: optionalText(50, phoneRule),
    /** 'Y' marks the company's one default address; empty otherwise (spec §3). */
    default_yn: z
      .union([z.literal('Y'), z.literal('')], { error: COMPANY_MESSAGES.defaultYn })
      .optional()
      .default(''),
  })
  .superRefine(cityStateRule, always)
  .transform(clearCityStateForKorea);
export type TCompanyAddressBody = z.input<typeof ZCompanyAddressBody>;
export type TCompanyAddressInput = z.output<typeof ZCompanyAddressBody>;

export const ZCompanyAddress = z.object({
  customer_address_idx: z.number().int(),
  company_idx: z.number().int(),
  address_name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipcode: z.string(),
  telephone: z.string(),
  fax: z.string(),
  default_yn: z.enum(['Y', '']),
});
export type TCompanyAddress = z.infer<typeof ZCompanyAddress>;
export const ZCompanyAddressList = ZListResponse(ZCompanyAddress);
export type TCompanyAddressList = z.infer<typeof ZCompanyAddressList>;

export const ZAddressIdxParams = z.object({ customer_address_idx: z.coerce.number().int().positive().max(2_147_483_647) });

/** A path segment holding one idx or several, comma-separated ("3" or "3,5,8"): the delete additions. */
export const ZIdxListParam = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/)
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((list) => list.every((n) => n > 0 && n <= 2_147_483_647));

export const ZDeleteResponse = z.object({ status: z.literal('success'), deleted: z.number().int() });

// ---------------------------------------------------------------- contact persons (addition)

export const ZContactPersonBody = z.object({
  name: text(100, true),
  department: optionalText(100),
  position: optionalText(100),
  email: text(200, true, (s) => (EMAIL.safeParse(s).success ? undefined : COMPANY_MESSAGES.email)),
  telephone: optionalText(50, phoneRule),
  mobile: optionalText(50, phoneRule),
});
export type TContactPersonBody = z.input<typeof ZContactPersonBody>;
export type TContactPersonInput = z.output<typeof ZContactPersonBody>;

export const ZContactPerson = z.object({
  contact_person_idx: z.number().int(),
  company_idx: z.number().int(),
  name: z.string(),
  department: z.string(),
  position: z.string(),
  email: z.string(),
  telephone: z.string(),
  mobile: z.string(),
});
export type TContactPerson = z.infer<typeof ZContactPerson>;
export const ZContactPersonList = ZListResponse(ZContactPerson);
export type TContactPersonList = z.infer<typeof ZContactPersonList>;

export const ZContactPersonIdxParams = z.object({ contact_person_idx: z.coerce.number().int().positive().max(2_147_483_647) });
