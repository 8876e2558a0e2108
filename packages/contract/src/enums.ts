/**
 * Enumerations of spec §3. Each maps a code to an i18n key under `enums.<name>.<code>`
 * (see packages/contract/locales/<lng>/common.json); unknown codes fall back to `enums.<name>.unknown`.
 */
export const INVOICE_ITEMS = ['prepayment', 'onCredit', 'consignment', 'fulfillment', 'warehouse', 'copyright'] as const;
export type TInvoiceItem = (typeof INVOICE_ITEMS)[number];

export const INVOICE_STATES = ['P', 'S', 'R'] as const;
export const ISSUERS = ['KOR', 'USA'] as const;
export const PAYMENT_TYPES = ['credit_card', 'check', 'cash', 'remittance'] as const;
export type TPaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_STATES = ['Y', 'N'] as const;
export const CUSTOMER_TYPES = ['company', 'user', 'non_member'] as const;
export const SALE_STATES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'] as const;
export const OWN_TYPES = ['01', '02'] as const;
export const ADDRESS_TYPES = ['I', 'O'] as const;
export const PAY_TYPES = ['sale', 'net'] as const;

/** Spec §9 "search filter choices for the sale system": credit only, including consignment. */
export const ORDER_TYPE_FILTERS = ['onCredit', 'consignment', 'prepayment'] as const;
export type TOrderTypeFilter = (typeof ORDER_TYPE_FILTERS)[number];
/**
 * The invoice items each choice selects: "credit only" is credit, "including consignment" is credit
 * and consignment (spec §9), prepayment is prepayment. Several choices select the union.
 */
export const ORDER_TYPE_ITEMS: Readonly<Record<TOrderTypeFilter, readonly TInvoiceItem[]>> = {
  onCredit: ['onCredit'],
  consignment: ['onCredit', 'consignment'],
  prepayment: ['prepayment'],
};

/**
 * The sale channels a royalty line's sale_info carries (free text written by the ERP, in English),
 * each with its i18n key under `enums.saleInfo.<key>`; other text is shown as it is.
 */
export const SALE_INFO_CHANNELS = {
  'Online bookstore': 'onlineBookstore',
  'Offline bookstore': 'offlineBookstore',
  'E-book': 'ebook',
  'Library supply': 'librarySupply',
  'Book fair': 'bookFair',
} as const;
export type TSaleInfoChannel = keyof typeof SALE_INFO_CHANNELS;
