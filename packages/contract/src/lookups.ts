import { z } from 'zod';

export const ZCountry = z.object({
  idx: z.number().int(),
  code_2: z.string(),
  code_3: z.string(),
  full_name: z.string(),
});
export type TCountry = z.infer<typeof ZCountry>;

export const ZCurrency = z.object({
  idx: z.number().int(),
  name: z.string(),
  icon: z.string(),
});
export type TCurrency = z.infer<typeof ZCurrency>;

export const ZCompanyDivision = z.object({
  idx: z.number().int(),
  code: z.string(),
  name: z.string(),
});
export type TCompanyDivision = z.infer<typeof ZCompanyDivision>;

export const ZBisgCode = z.object({ nodeId: z.string(), nodeName: z.string() });
export type TBisgCode = z.infer<typeof ZBisgCode>;

/** GET common/passwordCheck?id&password (spec §7; kept for compatibility, the web app posts instead). */
export const ZPasswordCheckQuery = z.object({
  id: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
});
/** POST common/passwordCheck (addition): the same check with the password in a JSON body, never in a URL. */
/** @alias the same schema under the name of its body form */
export const ZPasswordCheckBody = ZPasswordCheckQuery;
export type TPasswordCheckBody = z.infer<typeof ZPasswordCheckBody>;
/** truthy when correct (spec §7) */
export const ZPasswordCheckResponse = z.boolean();

/**
 * GET common/loginHints (addition, public): what the login page may show before anyone logs in.
 * `demo_logins`: the demo accounts, only when the server seeds demo data (DEMO_DATA) and they exist.
 */
export const ZLoginHints = z.object({
  demo_logins: z.array(z.object({ id: z.string(), password: z.string() })),
});
export type TLoginHints = z.infer<typeof ZLoginHints>;
