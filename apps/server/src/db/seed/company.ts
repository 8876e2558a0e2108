import { contactPersons, customerAddresses } from '../schema';
import type { SeedContext } from './registry';
import rows from './company.json' with { type: 'json' };

/** Demo rows of the company domain (company.json): addresses (one default each) and contact persons of demo and demo2. */
export async function seedCompany(ctx: SeedContext): Promise<void> {
  const owned = <T extends { company: string }>({ company, ...row }: T) => ({
    ...row,
    companyIdx: company === 'demo' ? ctx.demo : ctx.demo2,
  });
  await ctx.db.insert(customerAddresses).values(rows.addresses.map(owned));
  await ctx.db.insert(contactPersons).values(rows.contacts.map(owned));
}
