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

export const ZPasswordCheckQuery = z.object({
  id: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
});
/** truthy when correct (spec §7) */
export const ZPasswordCheckResponse = z.boolean();
