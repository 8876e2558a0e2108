import { createRequire } from 'node:module';
import { CURRENCY_TABLE } from '@portal/contract';
import type { DbOrTx } from '../client';
import { bisgCodes, companyDivisions, countries, currencies } from '../schema';
/** BISAC/BISG top-level subject headings. */
import BISG from './bisg.json' with { type: 'json' };

const require = createRequire(import.meta.url);

/** Full ISO 3166-1 list (alpha-2, alpha-3, English name) from i18n-iso-countries. */
function isoCountries() {
  // the core (its browser entry) and English only: the main entry registers all 80 languages at load
  const iso = require('i18n-iso-countries/index') as {
    getAlpha3Codes(): Record<string, string>;
    registerLocale(l: unknown): void;
    getName(code: string, lang: string): string | undefined;
  };
  iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
  return Object.entries(iso.getAlpha3Codes())
    .map(([code3, code2]) => ({ code2, code3, fullName: iso.getName(code3, 'en') ?? code3 }))
    .sort((a, b) => a.code3.localeCompare(b.code3));
}

/** The portal's currencies with their symbol and ISO 4217 minor unit: the contract's CURRENCY_TABLE (the one source). */
export const CURRENCIES = Object.entries(CURRENCY_TABLE).map(([name, c]) => ({ name, icon: c.icon, minorUnit: c.minorUnit }));

export const DIVISIONS = [
  { code: 'AUT', name: 'Author / publisher' },
  { code: 'PUB', name: 'Distributor partner' },
  { code: 'BUY', name: 'Buyer' },
  { code: 'ADM', name: 'Administrator' },
];

/** Lookup tables every installation needs; idempotent. */
export async function seedReference(db: DbOrTx) {
  await db.insert(countries).values(isoCountries()).onConflictDoNothing();
  await db.insert(currencies).values(CURRENCIES).onConflictDoNothing();
  await db.insert(companyDivisions).values(DIVISIONS).onConflictDoNothing();
  await db.insert(bisgCodes).values(BISG).onConflictDoNothing();
}

/**
 * The statement that gives the `currencies` rows already stored their ISO 4217 minor unit from CURRENCY_TABLE
 * (migration 'ledger_balances' holds its output; a test checks it still equals it).
 */
export const currencyMinorUnitsSql = () =>
  `UPDATE currencies c SET minor_unit = v.minor_unit FROM (VALUES ${CURRENCIES.map((c) => `('${c.name}', ${c.minorUnit})`).join(
    ', ',
  )}) AS v(name, minor_unit) WHERE c.name = v.name;`;
