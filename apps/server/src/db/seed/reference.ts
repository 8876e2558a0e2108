import { createRequire } from 'node:module';
import { CURRENCY_TABLE } from '@portal/contract';
import type { DbOrTx } from '../client';
import { bisgCodes, companyDivisions, countries, currencies } from '../schema';

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

/** BISAC/BISG top-level subject headings. */
const BISG = [
  ['ANT000000', 'Antiques & Collectibles'],
  ['ARC000000', 'Architecture'],
  ['ART000000', 'Art'],
  ['BIB000000', 'Bibles'],
  ['BIO000000', 'Biography & Autobiography'],
  ['BUS000000', 'Business & Economics'],
  ['CGN000000', 'Comics & Graphic Novels'],
  ['COM000000', 'Computers'],
  ['CKB000000', 'Cooking'],
  ['CRA000000', 'Crafts & Hobbies'],
  ['DES000000', 'Design'],
  ['DRA000000', 'Drama'],
  ['EDU000000', 'Education'],
  ['FAM000000', 'Family & Relationships'],
  ['FIC000000', 'Fiction'],
  ['FOR000000', 'Foreign Language Study'],
  ['GAM000000', 'Games & Activities'],
  ['GAR000000', 'Gardening'],
  ['HEA000000', 'Health & Fitness'],
  ['HIS000000', 'History'],
  ['HOM000000', 'House & Home'],
  ['HUM000000', 'Humor'],
  ['JUV000000', 'Juvenile Fiction'],
  ['JNF000000', 'Juvenile Nonfiction'],
  ['LAN000000', 'Language Arts & Disciplines'],
  ['LAW000000', 'Law'],
  ['LCO000000', 'Literary Collections'],
  ['LIT000000', 'Literary Criticism'],
  ['MAT000000', 'Mathematics'],
  ['MED000000', 'Medical'],
  ['MUS000000', 'Music'],
  ['NAT000000', 'Nature'],
  ['PER000000', 'Performing Arts'],
  ['PET000000', 'Pets'],
  ['PHI000000', 'Philosophy'],
  ['PHO000000', 'Photography'],
  ['POE000000', 'Poetry'],
  ['POL000000', 'Political Science'],
  ['PSY000000', 'Psychology'],
  ['REF000000', 'Reference'],
  ['REL000000', 'Religion'],
  ['SCI000000', 'Science'],
  ['SEL000000', 'Self-Help'],
  ['SOC000000', 'Social Science'],
  ['SPO000000', 'Sports & Recreation'],
  ['STU000000', 'Study Aids'],
  ['TEC000000', 'Technology & Engineering'],
  ['TRA000000', 'Transportation'],
  ['TRV000000', 'Travel'],
  ['TRU000000', 'True Crime'],
  ['YAF000000', 'Young Adult Fiction'],
  ['YAN000000', 'Young Adult Nonfiction'],
] as const;

/** Lookup tables every installation needs; idempotent. */
export async function seedReference(db: DbOrTx) {
  await db.insert(countries).values(isoCountries()).onConflictDoNothing();
  await db.insert(currencies).values(CURRENCIES).onConflictDoNothing();
  await db.insert(companyDivisions).values(DIVISIONS).onConflictDoNothing();
  await db
    .insert(bisgCodes)
    .values(BISG.map(([nodeId, nodeName]) => ({ nodeId, nodeName })))
    .onConflictDoNothing();
}

/**
 * The statement that gives the `currencies` rows already stored their ISO 4217 minor unit from CURRENCY_TABLE
 * (migration 'ledger_balances' holds its output; a test checks it still equals it).
 */
export const currencyMinorUnitsSql = () =>
  `UPDATE currencies c SET minor_unit = v.minor_unit FROM (VALUES ${CURRENCIES.map((c) => `('${c.name}', ${c.minorUnit})`).join(
    ', ',
  )}) AS v(name, minor_unit) WHERE c.name = v.name;`;
