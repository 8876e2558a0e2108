import type { TExportLang } from '@portal/contract';
import type { PdfFamily } from '../../lib/pdf';

/**
 * The royalty statement's texts in the five languages of the portal (server-side: the PDF is made
 * without a browser), and the font family each needs.
 */
export interface StatementTexts {
  title: string;
  number: string;
  period: string;
  issuedOn: string;
  version: string;
  replaces: (n: number) => string;
  currency: string;
  issuer: string;
  recipient: string;
  name: string;
  regNo: string;
  address: string;
  contact: string;
  summary: string;
  opening: string;
  periodRoyalty: string;
  settled: string;
  closing: string;
  book: string;
  unitPrice: string;
  lines: string;
  units: string;
  samples: string;
  disused: string;
  rate: string;
  royalty: string;
  bookTotal: string;
  total: string;
  settledOn: string;
  invoice: string;
  status: string;
  paidOn: (date: string) => string;
  paid: string;
  unpaid: string;
  noneSettled: string;
  immutable: string;
  /** the summary's first column */
  item: string;
  /** the closing balance rounded to the currency's minor unit, and the difference */
  rounding: string;
  payable: string;
  /** a money column's heading: what it holds and in which currency */
  amountIn: (currency: string) => string;
}

export const STATEMENT_TEXTS: Record<TExportLang, StatementTexts> = {
  en: {
    title: 'Royalty statement',
    number: 'Statement no.',
    period: 'Period',
    issuedOn: 'Issued on',
    version: 'Version',
    replaces: (n) => `replaces version ${n}`,
    currency: 'Currency',
    issuer: 'Issued by',
    recipient: 'Statement for',
    name: 'Name',
    regNo: 'Registration no.',
    address: 'Address',
    contact: 'Contact',
    summary: 'Summary',
    opening: 'Opening balance (unsettled from earlier periods)',
    periodRoyalty: 'Royalty of the period',
    settled: 'Settled on invoices',
    closing: 'Closing balance (unsettled)',
    book: 'Book (title, ISBN)',
    unitPrice: 'Unit price',
    lines: 'Royalty lines',
    units: 'Units sold',
    samples: 'Samples',
    disused: 'Disused',
    rate: 'Royalty rate (%)',
    royalty: 'Royalty',
    bookTotal: 'Book total',
    total: 'Total',
    settledOn: 'Settled on',
    invoice: 'Invoice',
    status: 'Payment status',
    paidOn: (d) => `Paid on ${d}`,
    paid: 'Paid',
    unpaid: 'Unpaid',
    noneSettled: 'No line of this period is settled on an invoice yet.',
    immutable: 'This statement is issued and does not change; a correction is issued as a new version.',
    item: 'Item',
    rounding: 'Rounding to the currency unit',
    payable: 'Payable',
    amountIn: (c) => `Amount (${c})`,
  },
  ko: {
    title: '인세 정산서',
    number: '정산서 번호',
    period: '정산 기간',
    issuedOn: '발행일',
    version: '버전',
    replaces: (n) => `버전 ${n} 대체`,
    currency: '통화',
    issuer: '발행처',
    recipient: '수신',
    name: '상호',
    regNo: '사업자등록번호',
    address: '주소',
    contact: '연락처',
    summary: '요약',
    opening: '기초 잔액 (이전 기간 미정산)',
    periodRoyalty: '당기 인세',
    settled: '청구서로 정산됨',
    closing: '기말 잔액 (미정산)',
    book: '도서 (제목, ISBN)',
    unitPrice: '단가',
    lines: '내역 수',
    units: '판매 부수',
    samples: '증정',
    disused: '폐기',
    rate: '인세율 (%)',
    royalty: '인세',
    bookTotal: '도서 합계',
    total: '합계',
    settledOn: '정산 내역',
    invoice: '청구서',
    status: '결제 상태',
    paidOn: (d) => `${d} 결제 완료`,
    paid: '결제 완료',
    unpaid: '미결제',
    noneSettled: '이 기간의 내역 중 청구서로 정산된 것이 아직 없습니다.',
    immutable: '이 정산서는 발행 후 변경되지 않으며, 정정은 새 버전으로 발행됩니다.',
    item: '항목',
    rounding: '통화 단위 반올림',
    payable: '지급액',
    amountIn: (c) => `금액 (${c})`,
  },
  es: {
    title: 'Liquidación de regalías',
    number: 'N.º de liquidación',
    period: 'Periodo',
    issuedOn: 'Fecha de emisión',
    version: 'Versión',
    replaces: (n) => `sustituye a la versión ${n}`,
    currency: 'Moneda',
    issuer: 'Emitida por',
    recipient: 'Destinatario',
    name: 'Nombre',
    regNo: 'N.º de registro',
    address: 'Dirección',
    contact: 'Contacto',
    summary: 'Resumen',
    opening: 'Saldo inicial (pendiente de periodos anteriores)',
    periodRoyalty: 'Regalías del periodo',
    settled: 'Liquidado en facturas',
    closing: 'Saldo final (pendiente)',
    book: 'Libro (título, ISBN)',
    unitPrice: 'Precio unitario',
    lines: 'Líneas de regalías',
    units: 'Unidades vendidas',
    samples: 'Muestras',
    disused: 'Descartadas',
    rate: 'Tasa de regalías (%)',
    royalty: 'Regalías',
    bookTotal: 'Total del libro',
    total: 'Total',
    settledOn: 'Liquidado en',
    invoice: 'Factura',
    status: 'Estado del pago',
    paidOn: (d) => `Pagada el ${d}`,
    paid: 'Pagada',
    unpaid: 'Pendiente de pago',
    noneSettled: 'Ninguna línea de este periodo está liquidada en una factura todavía.',
    immutable: 'Esta liquidación es definitiva; una corrección se emite como una nueva versión.',
    item: 'Concepto',
    rounding: 'Redondeo a la unidad de la moneda',
    payable: 'A pagar',
    amountIn: (c) => `Importe (${c})`,
  },
  zh: {
    title: '版税结算单',
    number: '结算单编号',
    period: '结算期间',
    issuedOn: '签发日期',
    version: '版本',
    replaces: (n) => `取代第 ${n} 版`,
    currency: '币种',
    issuer: '签发方',
    recipient: '收件方',
    name: '名称',
    regNo: '注册号',
    address: '地址',
    contact: '联系方式',
    summary: '摘要',
    opening: '期初余额（以前期间未结算）',
    periodRoyalty: '本期版税',
    settled: '已通过发票结算',
    closing: '期末余额（未结算）',
    book: '图书（书名、ISBN）',
    unitPrice: '单价',
    lines: '版税明细笔数',
    units: '销量',
    samples: '样书',
    disused: '报废',
    rate: '版税率（%）',
    royalty: '版税',
    bookTotal: '图书合计',
    total: '合计',
    settledOn: '结算依据',
    invoice: '发票',
    status: '付款状态',
    paidOn: (d) => `已于 ${d} 付款`,
    paid: '已付款',
    unpaid: '未付款',
    noneSettled: '本期尚无通过发票结算的记录。',
    immutable: '本结算单签发后不再更改；更正将以新版本签发。',
    item: '项目',
    rounding: '按币种单位舍入',
    payable: '应付金额',
    amountIn: (c) => `金额（${c}）`,
  },
  ja: {
    title: '印税計算書',
    number: '計算書番号',
    period: '対象期間',
    issuedOn: '発行日',
    version: '版',
    replaces: (n) => `第${n}版を差し替え`,
    currency: '通貨',
    issuer: '発行者',
    recipient: '宛先',
    name: '名称',
    regNo: '登録番号',
    address: '住所',
    contact: '連絡先',
    summary: '概要',
    opening: '期首残高（前期間までの未精算分）',
    periodRoyalty: '当期の印税',
    settled: '請求書で精算済み',
    closing: '期末残高（未精算）',
    book: '書籍（書名・ISBN）',
    unitPrice: '単価',
    lines: '印税明細件数',
    units: '販売部数',
    samples: '献本',
    disused: '廃棄',
    rate: '印税率（%）',
    royalty: '印税',
    bookTotal: '書籍合計',
    total: '合計',
    settledOn: '精算',
    invoice: '請求書',
    status: '支払状況',
    paidOn: (d) => `${d} 支払済み`,
    paid: '支払済み',
    unpaid: '未払い',
    noneSettled: '当期間の明細で請求書により精算されたものはまだありません。',
    immutable: '本計算書は発行後に変更されません。訂正は新しい版として発行されます。',
    item: '項目',
    rounding: '通貨単位への端数処理',
    payable: '支払額',
    amountIn: (c) => `金額（${c}）`,
  },
};

export const STATEMENT_FONT: Record<TExportLang, PdfFamily> = { en: 'kr', ko: 'kr', es: 'kr', zh: 'sc', ja: 'jp' };
