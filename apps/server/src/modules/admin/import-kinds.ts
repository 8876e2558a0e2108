/** The import kinds of the admin area (issue 15): columns, row rules and natural keys; SQL in admin.repository.ts. */
import { PASSWORD_MIN_LENGTH, type TImportKind, type TOperatorKeyScope } from '@portal/contract';
import { z } from 'zod';
import { countryCode, requiredText as required, text, yn } from '../../lib/imports/columns';
import type { AnyImportKind, ImportColumn, ImportKind } from '../../lib/imports/run';
import { faqImport, helpFilesImport, noticesImport } from '../help/help.imports';
import { invoicesImport, paymentsImport } from '../settlement/settlement.imports';
import type { AccountChange } from '../company/company.mail';
import { hashPassword } from '../../lib/password';
import * as accounts from '../auth/auth.repository';
import { emailListChanges, recordAccountChange } from './account-change';
import * as repo from './admin.repository';
import { copyrightBooksImport, royaltyCustomersImport, royaltyLinesImport } from '../copyright/copyright.imports';

const COMPANY_FLAGS = [
  ['buy_rights', 'buyRights'],
  ['sale_rights', 'saleRights'],
  ['sale_info_display', 'saleInfoDisplay'],
  ['buy_on_credit', 'buyOnCredit'],
  ['buy_consignment', 'buyConsignment'],
  ['buy_prepayment', 'buyPrepayment'],
  ['sale_on_credit', 'saleOnCredit'],
  ['sale_consignment', 'saleConsignment'],
  ['sale_prepayment', 'salePrepayment'],
] as const;

const COMPANY_TEXTS = [
  ['first_name', 'firstName', 100, 'Contact first name', 'Minji'],
  ['last_name', 'lastName', 100, 'Contact last name', 'Kim'],
  ['registration_number', 'registrationNumber', 50, 'Business registration number', '123-45-67890'],
  ['site_url', 'siteUrl', 300, 'Web site', 'https://example.com'],
  ['zipcode', 'zipcode', 20, 'Postal code', '04524'],
  ['address_line1', 'addressLine1', 45, 'Address line 1', '1 Sejong-daero'],
  ['address_line2', 'addressLine2', 45, 'Address line 2', ''],
  ['city', 'city', 100, 'City', 'Seoul'],
  ['state', 'state', 100, 'State or province', ''],
  ['telephone', 'telephone', 50, 'Telephone', '02-123-4567'],
  ['fax', 'fax', 50, 'Fax', ''],
  ['email', 'email', 1000, 'Notification e-mail addresses, comma separated', 'office@example.com'],
  ['email_invoice', 'emailInvoice', 1000, 'Invoice e-mail addresses, comma separated', 'billing@example.com'],
] as const;

export type CompanyImportRow = repo.CompanyImportValues & { password?: string };

const companyColumns: ImportColumn[] = [
  { name: 'id', required: true, example: 'hanbit', description: 'Login id (natural key: a row with an existing id updates that company)' },
  { name: 'company_name', required: true, example: 'Hanbit Books', description: 'Company name' },
  { name: 'country', required: true, example: 'KOR', description: 'Country, ISO 3166 alpha-3' },
  { name: 'code_company_division', required: false, example: 'AUT', description: 'Company division (default AUT)' },
  ...COMPANY_TEXTS.map(([name, , , description, example]) => ({ name, required: false, example, description })),
  ...COMPANY_FLAGS.map(([name]) => ({ name, required: false, example: 'Y', description: `${name} flag (spec §3): Y or N, default N` })),
  {
    name: 'active',
    required: false,
    example: 'Y',
    description:
      'Y or N: N deactivates the company (it cannot log in; its sessions end at once), Y reactivates it. Empty: a new company is active, an existing one stays as it is',
  },
  {
    name: 'password',
    required: false,
    example: 'Welcome-2026',
    description:
      `Initial password (at least ${PASSWORD_MIN_LENGTH} characters), only for a company without one: it must change it at its first login. ` +
      'Ignored for a company that has a password (so re-importing a sheet never undoes a change); reset those with the API or `company reset-password`',
  },
];

const companySchema = z
  .object({
    id: required(100).regex(/^[A-Za-z0-9._@-]+$/, 'invalid'),
    company_name: required(200),
    country: countryCode,
    code_company_division: text(10).default('AUT'),
    ...Object.fromEntries(COMPANY_TEXTS.map(([name, , max]) => [name, text(max).default('')])),
    ...Object.fromEntries(COMPANY_FLAGS.map(([name]) => [name, yn])),
    active: z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(['Y', 'N'], { error: 'yn' }))
      .optional(),
    password: z.string().min(PASSWORD_MIN_LENGTH, 'invalid').max(200).optional(),
  })
  .transform((r): CompanyImportRow => {
    const row = r as Record<string, string>;
    return {
      id: row.id!,
      companyName: row.company_name!,
      country: row.country!,
      codeCompanyDivision: row.code_company_division!,
      ...Object.fromEntries(COMPANY_TEXTS.map(([name, field]) => [field, row[name] ?? ''])),
      ...Object.fromEntries(COMPANY_FLAGS.map(([name, field]) => [field, row[name] ?? 'N'])),
      ...(row.active ? { active: row.active === 'Y' } : {}),
      ...(row.password ? { password: row.password } : {}),
    } as CompanyImportRow;
  });

/** companies: one row per company by login id; a password set here must be changed at the first login. */
export const companiesImport: ImportKind<CompanyImportRow, { countries: Set<string>; divisions: Set<string>; userLogins: Set<string> }> = {
  kind: 'companies',
  description:
    'One row per company (publisher or author). Natural key: the login id `id`; a row with an existing id updates that ' +
    'company. `password` gives a company that has none its initial password (it must change it at its first login); a company ' +
    'that has one keeps it (reset it with the API or the CLI). `active` N deactivates a company and ends its sessions at once, Y ' +
    'reactivates it; left empty, an existing company stays as it is.',
  columns: companyColumns,
  schema: companySchema,
  key: (r) => r.id,
  prepare: async (tx) => ({
    countries: await repo.countryCodes(tx),
    divisions: await repo.divisionCodes(tx),
    userLogins: await repo.otherUserLogins(tx),
  }),
  check: (record, ctx) => {
    const v = record.values[0]!;
    const row = record.rows[0]!;
    const out = [];
    if (!ctx.countries.has(v.country)) out.push({ row, column: 'country', message: { key: 'country' as const } });
    if (!ctx.divisions.has(v.codeCompanyDivision))
      out.push({ row, column: 'code_company_division', message: { key: 'division' as const } });
    if (ctx.userLogins.has(v.id)) out.push({ row, column: 'id', message: { key: 'loginTaken' as const, params: { value: v.id } } });
    return out;
  },
  async write(tx, records, _ctx, env) {
    const rows = records.map((r) => r.values[0]!);
    const { counts, accounts: done } = await repo.upsertCompanies(
      tx,
      rows.map(({ password: _, ...values }) => values),
    );
    const at = env.now();
    for (const row of rows) {
      const account = done.get(row.id)!;
      // the same revocation as a password change (modules/auth); the app forgets cached sessions after the commit
      if (account.deactivated) await accounts.revokeOtherSessions(tx, account.idx, null, at);
      // (issue 56) an existing company's e-mail lists or password changed: audited with the importer, and told
      // to the addresses it had before (a new company has nobody to tell), as the console's edit is (account-change.ts)
      if (account.before && !env.dryRun) {
        const changed: AccountChange[] = emailListChanges(account.before, row);
        if (row.password && !account.hasPassword) changed.push('password');
        await recordAccountChange(
          tx,
          { mail: env.mail, audit: async (action, target) => env.audit?.(tx, action, target) },
          { companyIdx: account.idx, id: row.id, before: account.before, changed },
        );
      }
      if (row.password && !account.hasPassword) {
        // a dry run is rolled back: no need to spend a hash on it
        await accounts.setInitialPassword(tx, account.idx, env.dryRun ? 'dry-run' : await hashPassword(row.password), at);
        if (account.status === 'unchanged') {
          counts.unchanged--;
          counts.updated++;
        }
      }
    }
    return counts;
  },
};

/** Every kind of `POST /api/admin/imports/{kind}` (tsc refuses a contract kind left out). */
export const IMPORT_KIND_DEFS: Record<TImportKind, AnyImportKind> = {
  companies: companiesImport,
  notices: noticesImport,
  faq: faqImport,
  'help-files': helpFilesImport,
  invoices: invoicesImport,
  payments: paymentsImport,
  'copyright-books': copyrightBooksImport,
  'royalty-customers': royaltyCustomersImport,
  'royalty-lines': royaltyLinesImport,
};

/**
 * The key scope an import kind needs: companies only with `companies` (an `import` key that could change a
 * company's e-mail could take it over by a password reset); the others `import`.
 */
export const IMPORT_KIND_SCOPES: Record<TImportKind, TOperatorKeyScope> = {
  companies: 'companies',
  notices: 'import',
  faq: 'import',
  'help-files': 'import',
  invoices: 'import',
  payments: 'import',
  'copyright-books': 'import',
  'royalty-customers': 'import',
  'royalty-lines': 'import',
};

/** The scope of the kind named in a route's raw params; an unknown kind needs `import` (the route then answers 400). */
export function importKindScope(params: unknown): TOperatorKeyScope {
  const kind = (params as { kind?: unknown } | undefined)?.kind;
  return typeof kind === 'string' && Object.hasOwn(IMPORT_KIND_SCOPES, kind) ? IMPORT_KIND_SCOPES[kind as TImportKind] : 'import';
}
