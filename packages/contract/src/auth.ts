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
  /**
   * (addition, issue 58) the second step of a user with 2-step login: the 6-digit code of its authenticator app, or one
   * of its recovery codes. Without it such a user's right password answers 401 TWO_STEP_REQUIRED.
   */
  otp: z.string().trim().min(1).max(20).optional(),
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
  /**
   * (addition, issue 58) present when the company requires 2-step login and the user has not set it up: until it
   * does, the token opens only the 2-step set-up, its login info, the language switch, refresh and logout; every other
   * call answers 403 TWO_STEP_SETUP_REQUIRED.
   */
  two_step_setup_required: z.literal(true).optional(),
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
  /** (addition, issue 58) an owner requires 2-step login of every user of the company */
  require_2fa: z.boolean(),
});
export type TLoginInfo = z.infer<typeof ZLoginInfo>;

export const ZLogoutResponse = z.object({ status: z.literal('success') });

/** (addition, issue 18) The UI language the company switched to: mails to it are written in it. */
export const ZUiLanguageBody = z.object({ language: z.enum(UI_LANGUAGES) });
export type TUiLanguageBody = z.infer<typeof ZUiLanguageBody>;

/** (addition, issue 58) A new, pending 2-step login secret: shown once, confirmed by a code of it. */
export const ZTwoStepSetup = z.object({
  /** base32, for typing into an app that cannot scan */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** the URI as a QR code, an SVG document drawn by the server */
  qr_svg: z.string(),
});
export type TTwoStepSetup = z.infer<typeof ZTwoStepSetup>;

export const ZTwoStepCodeBody = z.object({ code: z.string().trim().min(1).max(20) });
export type TTwoStepCodeBody = z.infer<typeof ZTwoStepCodeBody>;

/** The ten recovery codes of a 2-step login that was just turned on: shown this once, each usable once. */
export const ZTwoStepEnabled = z.object({ recovery_codes: z.array(z.string()) });
export type TTwoStepEnabled = z.infer<typeof ZTwoStepEnabled>;

/** Turning 2-step login off takes the user's password. */
export const ZTwoStepDisableBody = z.object({ password: z.string().min(1).max(200) });
export type TTwoStepDisableBody = z.infer<typeof ZTwoStepDisableBody>;

/** (addition, issue 58) An operator's 2-step login: on or not, and whether the server requires it (ADMIN_REQUIRE_2FA). */
export const ZOperatorTwoStepState = z.object({ two_step: z.boolean(), required: z.boolean() });
export type TOperatorTwoStepState = z.infer<typeof ZOperatorTwoStepState>;

/** An owner's switch: every user of the company must use 2-step login. */
export const ZTwoStepPolicyBody = z.object({ require_2fa: z.boolean() });
export type TTwoStepPolicyBody = z.infer<typeof ZTwoStepPolicyBody>;
