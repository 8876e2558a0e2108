import {
  ZBoardPost,
  ZBookLookupRow,
  ZErrorEnvelope,
  ZLoginInfo,
  ZRoyaltyRow,
  ZRoyaltyTotal,
  type TBoardPost,
  type TBookLookupRow,
  type TErrorEnvelope,
  type TLoginInfo,
  type TRoyaltyRow,
  type TRoyaltyTotal,
} from '@portal/contract';

// Test data shaped by the contract: every factory parses its result with the call's zod schema, so a
// mock cannot answer what the server never would (a renamed or missing field fails the test here).

export const loginInfo = (over: Partial<TLoginInfo> = {}): TLoginInfo =>
  ZLoginInfo.parse({
    idx: 1,
    id: 'demo',
    company_name: 'Demo Books',
    country: 'KOR',
    code_company_division: 'AUT',
    buy_rights: 'Y',
    sale_rights: 'Y',
    saleInfo_display: 'N',
    buy_onCredit: 'Y',
    buy_consignment: 'N',
    buy_prepayment: 'N',
    sale_onCredit: 'Y',
    sale_consignment: 'N',
    sale_prepayment: 'N',
    user: { idx: 1, id: 'demo', name: 'Demo Owner', role: 'owner', two_step: false },
    require_2fa: false,
    ...over,
  });

export const royaltyRow = (over: Partial<TRoyaltyRow> = {}): TRoyaltyRow =>
  ZRoyaltyRow.parse({
    no: 1,
    idx: 1,
    img_url: '',
    title: 'The Little Prince',
    isbn: '9791185264503',
    unit_price: '15000.00',
    currency: 'KRW',
    currency_icon: '₩',
    qty: 10,
    sample_qty: 1,
    disuse_qty: 0,
    saleInfo: null,
    customer_name: 'Kyobo',
    customer_country: 'KOR',
    created_at: '2026-03-02T10:00:00.000Z',
    buy_invoice_idx: null,
    buy_invoice_code: null,
    rate: '10.00',
    royalty: '15000.00',
    ...over,
  });

export const royaltyTotal = (over: Partial<TRoyaltyTotal> = {}): TRoyaltyTotal =>
  ZRoyaltyTotal.parse({ currency: 'KRW', currency_icon: '₩', cnt: 1, qty: 10, royalty: '15000.00', ...over });

export const bookLookupRow = (over: Partial<TBookLookupRow> = {}): TBookLookupRow =>
  ZBookLookupRow.parse({
    isbn13: '9791185264503',
    cover_s_url: '',
    title: 'The Little Prince',
    pub_date: '2024-01-02',
    list_price: '15000.00',
    author: 'Antoine de Saint-Exupéry',
    pub_nm: 'Demo Books',
    PAGE: 120,
    found: true,
    source: 'catalogue',
    registered: false,
    ...over,
  });

export const boardPost = (over: Partial<TBoardPost> = {}): TBoardPost =>
  ZBoardPost.parse({
    idx: 7,
    bbs_name: 'qna',
    title: 'A question',
    content: '<p>The body to edit.</p>',
    name: 'Demo Books',
    view_count: 3,
    created_at: '2026-03-02T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    re_level: 0,
    parent_idx: null,
    registrant_idx: 1,
    registrant_type: 'company',
    company_division: ['AUT'],
    deleted: false,
    delete_mode: 'delete',
    ...over,
  });

/** The error envelope of every failed call, with its request id (the server's error plugin). */
export const errorEnvelope = (code: string, over: Partial<TErrorEnvelope> = {}): TErrorEnvelope =>
  ZErrorEnvelope.parse({ code, message: code, requestId: 'req-test-1', ...over });
