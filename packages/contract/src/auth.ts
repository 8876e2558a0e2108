import { z } from 'zod';

import { COMPANY_DIVISION, UI_LANGUAGES } from './constants';
import { ZLoginUser } from './roles';

export { COMPANY_DIVISION, PASSWORD_MIN_LENGTH } from './constants';

export const ZLoginBody = z.object({
  id: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  company_division: z.string().min(1).max(10).default(COMPANY_DIVISION),
  /** (addition) the UI language in use: mails to the company are written in it */
  language: z.enum(UI_LANGUAGES).optional(),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZTokenResponse = z.object({
  access_token: z.string(),
  /** seconds until the token expires */
  expires_in: z.number().int(),
  /**
   * (addition, issue 15) present when the distributor set the password (initial or reset): until the
   * company changes it (PATCH company/passwordUpdate), its token opens only that call, its login info,
   * the password check, the language switch, refresh and logout; every other call answers 403
   * PASSWORD_CHANGE_REQUIRED.
   */
  password_change_required: z.literal(true).optional(),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZYN = z.enum(['Y', 'N']);

export const ZLoginInfo = z.object({
  idx: z.number().int(),
  id: z.string(),
  company_name: z.string(),
  country: z.string(),
  code_company_division: z.string(),
  buy_rights: z.string(),
  sale_rights: z.string(),
  saleInfo_display: ZYN,
  buy_onCredit: ZYN,
  buy_consignment: ZYN,
  buy_prepayment: ZYN,
  sale_onCredit: ZYN,
  sale_consignment: ZYN,
  sale_prepayment: ZYN,
  /** (addition, issue 58) the user logged in: the company's own login is its first user, an owner */
  user: ZLoginUser,
});
export type TLoginInfo = z.infer<typeof ZLoginInfo>;

export const ZLogoutResponse = z.object({ status: z.literal('success') });

/** (addition, issue 18) The UI language the company switched to: mails to it are written in it. */
export const ZUiLanguageBody = z.object({ language: z.enum(UI_LANGUAGES) });
export type TUiLanguageBody = z.infer<typeof ZUiLanguageBody>;
