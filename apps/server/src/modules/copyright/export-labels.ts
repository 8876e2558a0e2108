import type { TExportLang } from '@portal/contract';
import { fillText } from '../../lib/export';

/**
 * Every text of the copyright exports (sheet names, column headers, status and pay-type labels, the
 * totals rows), per language of the screen that asked (`lang` of the export call). The words are the
 * screen's own (apps/web/src/locales/<lng>/copyright.json, common.json enums, settlement.json): the
 * export test compares them, so a renamed column is renamed in the file too.
 */
export interface ExportTexts {
  royaltySheet: string;
  booksSheet: string;
  no: string;
  title: string;
  isbn: string;
  customer: string;
  country: string;
  saleInfo: string;
  unitPrice: string;
  currency: string;
  qty: string;
  sampleQty: string;
  disuseQty: string;
  rate: string;
  royalty: string;
  status: string;
  invoice: string;
  salesDate: string;
  publicationDate: string;
  pageCount: string;
  listPrice: string;
  payType: string;
  createdAt: string;
  calcStatus: { Y: string; N: string };
  payTypes: { sale: string; net: string };
  /** the label of a totals row: web copyright.json totals.label */
  total: string;
  /**
   * The sale channels the distributor records on a royalty line (sale_info, stored in English); a
   * value not listed here is written as stored.
   */
  saleInfoValues: Record<string, string>;
}

const SALE_INFO_EN = ['Online bookstore', 'Offline bookstore', 'E-book', 'Library supply', 'Book fair'] as const;
const saleInfo = (words: readonly string[]) => Object.fromEntries(SALE_INFO_EN.map((en, i) => [en, words[i]!]));

export const EXPORT_TEXTS: Readonly<Record<TExportLang, ExportTexts>> = {
  en: {
    royaltySheet: 'Royalty',
    booksSheet: 'Copyright books',
    no: 'No.',
    title: 'Title',
    isbn: 'ISBN',
    customer: 'Customer',
    country: 'Country',
    saleInfo: 'Sale info',
    unitPrice: 'Unit price',
    currency: 'Currency',
    qty: 'Qty',
    sampleQty: 'Samples',
    disuseQty: 'Disused',
    rate: 'Rate',
    royalty: 'Royalty',
    status: 'Calculation',
    invoice: 'Invoice',
    salesDate: 'Sales date',
    publicationDate: 'Publication date',
    pageCount: 'Pages',
    listPrice: 'List price',
    payType: 'Pay type',
    createdAt: 'Created at',
    calcStatus: { Y: 'Calculated', N: 'Uncalculated' },
    payTypes: { sale: 'Sale price', net: 'Net price' },
    total: 'Total {{currency}} ({{lines}} lines)',
    saleInfoValues: saleInfo(SALE_INFO_EN),
  },
  ko: {
    royaltySheet: '인세',
    booksSheet: '저작권 도서',
    no: '번호',
    title: '제목',
    isbn: 'ISBN',
    customer: '거래처',
    country: '국가',
    saleInfo: '판매 정보',
    unitPrice: '단가',
    currency: '통화',
    qty: '수량',
    sampleQty: '증정',
    disuseQty: '폐기',
    rate: '인세율',
    royalty: '인세',
    status: '정산 상태',
    invoice: '청구서',
    salesDate: '판매일',
    publicationDate: '출간일',
    pageCount: '쪽수',
    listPrice: '정가',
    payType: '지급 기준',
    createdAt: '등록일',
    calcStatus: { Y: '정산 완료', N: '미정산' },
    payTypes: { sale: '판매가', net: '공급가' },
    total: '{{currency}} 합계 ({{lines}}건)',
    saleInfoValues: saleInfo(['온라인 서점', '오프라인 서점', '전자책', '도서관 납품', '도서전']),
  },
  es: {
    royaltySheet: 'Regalías',
    booksSheet: 'Libros con derechos de autor',
    no: 'N.º',
    title: 'Título',
    isbn: 'ISBN',
    customer: 'Cliente',
    country: 'País',
    saleInfo: 'Información de venta',
    unitPrice: 'Precio unitario',
    currency: 'Moneda',
    qty: 'Cant.',
    sampleQty: 'Muestras',
    disuseQty: 'Descartados',
    rate: 'Porcentaje',
    royalty: 'Regalía',
    status: 'Liquidación',
    invoice: 'Factura',
    salesDate: 'Fecha de venta',
    publicationDate: 'Fecha de publicación',
    pageCount: 'Páginas',
    listPrice: 'Precio de venta',
    payType: 'Base de pago',
    createdAt: 'Fecha de registro',
    calcStatus: { Y: 'Liquidado', N: 'No liquidado' },
    payTypes: { sale: 'Precio de venta', net: 'Precio neto' },
    total: 'Total {{currency}} ({{lines}} líneas)',
    saleInfoValues: saleInfo(['Librería en línea', 'Librería física', 'Libro electrónico', 'Suministro a bibliotecas', 'Feria del libro']),
  },
  zh: {
    royaltySheet: '版税',
    booksSheet: '版权图书',
    no: '序号',
    title: '书名',
    isbn: 'ISBN',
    customer: '客户',
    country: '国家',
    saleInfo: '销售信息',
    unitPrice: '单价',
    currency: '币种',
    qty: '数量',
    sampleQty: '赠书',
    disuseQty: '报废',
    rate: '版税率',
    royalty: '版税',
    status: '结算状态',
    invoice: '发票',
    salesDate: '销售日期',
    publicationDate: '出版日期',
    pageCount: '页数',
    listPrice: '定价',
    payType: '结算基准',
    createdAt: '登记日期',
    calcStatus: { Y: '已结算', N: '未结算' },
    payTypes: { sale: '售价', net: '供货价' },
    total: '{{currency}} 合计（{{lines}} 条）',
    saleInfoValues: saleInfo(['网上书店', '实体书店', '电子书', '图书馆供货', '书展']),
  },
  ja: {
    royaltySheet: '印税',
    booksSheet: '著作権図書',
    no: '番号',
    title: 'タイトル',
    isbn: 'ISBN',
    customer: '取引先',
    country: '国',
    saleInfo: '販売情報',
    unitPrice: '単価',
    currency: '通貨',
    qty: '数量',
    sampleQty: '献本',
    disuseQty: '廃棄',
    rate: '印税率',
    royalty: '印税',
    status: '精算状況',
    invoice: '請求書',
    salesDate: '販売日',
    publicationDate: '発行日',
    pageCount: 'ページ数',
    listPrice: '定価',
    payType: '支払基準',
    createdAt: '登録日',
    calcStatus: { Y: '精算済み', N: '未精算' },
    payTypes: { sale: '販売価格', net: '正味価格' },
    total: '{{currency}} 合計（{{lines}} 件）',
    saleInfoValues: saleInfo(['オンライン書店', '実店舗書店', '電子書籍', '図書館納入', 'ブックフェア']),
  },
};

/** The label of a totals row, e.g. 'Total USD (2,967 lines)' / 'USD 합계 (2,967건)'. */
export function totalLabel(lang: TExportLang, currency: string, lines: number): string {
  return fillText(EXPORT_TEXTS[lang].total, lang, { currency, lines });
}

/** A country's name in the language, from its 2-letter code (the 3-letter code when it has none). */
export function countryNames(lang: TExportLang, countries: { code_2: string; code_3: string }[]): Record<string, string> {
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const out: Record<string, string> = {};
  for (const c of countries) {
    try {
      out[c.code_3] = names.of(c.code_2.trim()) ?? c.code_3;
    } catch {
      out[c.code_3] = c.code_3;
    }
  }
  return out;
}
