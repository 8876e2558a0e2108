import type { TCompanyInfo } from '@portal/contract';

/**
 * A company's profile texts as a form starts them (spec §3), shared by the company's own profile screen and the
 * operator's edit form, which differ only in how they show the id and the e-mail lists.
 */
export const profileTexts = (c: TCompanyInfo) => ({
  company_name: c.company_name,
  first_name: c.first_name,
  last_name: c.last_name,
  registration_number: c.registration_number,
  site_url: c.site_url,
  country: c.country,
  zipcode: c.zipcode,
  addressLine1: c.addressLine1,
  addressLine2: c.addressLine2,
  city: c.city,
  state: c.state,
  business_conditions: c.business_conditions,
  item: c.item,
  telephone: c.telephone,
  fax: c.fax,
});
