import type { TExportLang } from '@portal/contract';

/**
 * Every text of the invoice and payment exports, per language of the screen that asked (`lang`). The
 * words are the screen's own (apps/web/src/locales/<lng>/settlement.json fields and tabs, common.json
 * enums), copied here because the server cannot import the web app; export-labels.test.ts compares them.
 */
export interface SettlementExportTexts {
  invoicesSheet: string;
  paymentsSheet: string;
  no: string;
  code: string;
  title: string;
  issuer: string;
  state: string;
  item: string;
  amount: string;
  currency: string;
  createdAt: string;
  dueDate: string;
  paymentState: string;
  paidAmount: string;
  outstandingAmount: string;
  overdue: string;
  dName: string;
  dPayment: string;
  dDate: string;
  dType: string;
  employeeName: string;
  issuers: Record<string, string>;
  states: Record<string, string>;
  /** invoice items, `unknown` for a code not listed (spec §8) */
  items: Record<string, string>;
  paymentStates: Record<string, string>;
  /** (addition) paid, partially paid, unpaid: the payment status column of the export */
  balanceStates: Record<string, string>;
  /** the label of a total row of the invoice export: web settlement.json totals.filter */
  invoicesTotal: string;
  /** the label of a total row of the payment export: web settlement.json totals.payments */
  paymentsTotal: string;
  /** payment types; anything else shows as remittance (spec §3) */
  paymentTypes: Record<string, string>;
}

export const SETTLEMENT_EXPORT_TEXTS: Readonly<Record<TExportLang, SettlementExportTexts>> = {
  en: {
    invoicesSheet: 'Invoices sent',
    paymentsSheet: 'Payment complete',
    no: 'No.',
    code: 'Code',
    title: 'Title',
    issuer: 'Issuer',
    state: 'Status',
    item: 'Item type',
    amount: 'Amount',
    currency: 'Currency',
    createdAt: 'Registration date',
    dueDate: 'Issuance deadline',
    paymentState: 'Payment status',
    paidAmount: 'Paid',
    outstandingAmount: 'Outstanding',
    overdue: 'Overdue',
    dName: 'Depositor name',
    dPayment: 'Amount',
    dDate: 'Deposit date',
    dType: 'Deposit type',
    employeeName: 'Registrant',
    issuers: {
      KOR: 'Korea',
      USA: 'USA',
    },
    states: {
      P: 'Created',
      S: 'Sent',
    },
    items: {
      prepayment: 'Prepayment',
      onCredit: 'On credit',
      consignment: 'Consignment',
      fulfillment: 'Fulfillment',
      warehouse: 'Warehouse',
      copyright: 'Copyright',
      unknown: 'Unknown invoice item',
    },
    paymentStates: {
      Y: 'Paid',
      N: 'Unpaid',
    },
    balanceStates: {
      paid: 'Paid',
      partial: 'Partially paid',
      unpaid: 'Unpaid',
    },
    invoicesTotal: 'Search total {{currency}} (invoices: {{count}})',
    paymentsTotal: 'Search total {{currency}} (payments: {{count}})',
    paymentTypes: {
      credit_card: 'Credit card',
      check: 'Check',
      cash: 'Cash',
      remittance: 'Remittance',
    },
  },
  ko: {
    invoicesSheet: '발송된 청구서',
    paymentsSheet: '결제 완료',
    no: '번호',
    code: '코드',
    title: '제목',
    issuer: '발행처',
    state: '상태',
    item: '항목 유형',
    amount: '금액',
    currency: '통화',
    createdAt: '등록일',
    dueDate: '발행 기한',
    paymentState: '결제 상태',
    paidAmount: '결제 금액',
    outstandingAmount: '미결제 잔액',
    overdue: '연체',
    dName: '입금자명',
    dPayment: '금액',
    dDate: '입금일',
    dType: '입금 유형',
    employeeName: '등록자',
    issuers: {
      KOR: '한국',
      USA: '미국',
    },
    states: {
      P: '생성',
      S: '발송',
    },
    items: {
      prepayment: '선결제',
      onCredit: '외상',
      consignment: '위탁',
      fulfillment: '풀필먼트',
      warehouse: '창고',
      copyright: '저작권',
      unknown: '알 수 없는 계산서 항목',
    },
    paymentStates: {
      Y: '결제 완료',
      N: '미결제',
    },
    balanceStates: {
      paid: '결제 완료',
      partial: '부분 결제',
      unpaid: '미결제',
    },
    invoicesTotal: '검색 결과 합계 {{currency}} ({{count}}건)',
    paymentsTotal: '검색 결과 합계 {{currency}} ({{count}}건)',
    paymentTypes: {
      credit_card: '신용카드',
      check: '수표',
      cash: '현금',
      remittance: '송금',
    },
  },
  es: {
    invoicesSheet: 'Facturas enviadas',
    paymentsSheet: 'Pagos completados',
    no: 'N.º',
    code: 'Código',
    title: 'Título',
    issuer: 'Emisor',
    state: 'Estado',
    item: 'Tipo de concepto',
    amount: 'Importe',
    currency: 'Moneda',
    createdAt: 'Fecha de registro',
    dueDate: 'Fecha límite de emisión',
    paymentState: 'Estado del pago',
    paidAmount: 'Pagado',
    outstandingAmount: 'Pendiente',
    overdue: 'Vencida',
    dName: 'Nombre del depositante',
    dPayment: 'Importe',
    dDate: 'Fecha de depósito',
    dType: 'Tipo de depósito',
    employeeName: 'Registrado por',
    issuers: {
      KOR: 'Corea',
      USA: 'EE. UU.',
    },
    states: {
      P: 'Creada',
      S: 'Enviada',
    },
    items: {
      prepayment: 'Prepago',
      onCredit: 'A crédito',
      consignment: 'Consignación',
      fulfillment: 'Fulfillment',
      warehouse: 'Almacén',
      copyright: 'Derechos de autor',
      unknown: 'Concepto de factura desconocido',
    },
    paymentStates: {
      Y: 'Pagado',
      N: 'No pagado',
    },
    balanceStates: {
      paid: 'Pagado',
      partial: 'Pagado parcialmente',
      unpaid: 'No pagado',
    },
    invoicesTotal: 'Total de la búsqueda {{currency}} (facturas: {{count}})',
    paymentsTotal: 'Total de la búsqueda {{currency}} (pagos: {{count}})',
    paymentTypes: {
      credit_card: 'Tarjeta de crédito',
      check: 'Cheque',
      cash: 'Efectivo',
      remittance: 'Transferencia',
    },
  },
  zh: {
    invoicesSheet: '已发送发票',
    paymentsSheet: '已完成付款',
    no: '序号',
    code: '编号',
    title: '标题',
    issuer: '开票方',
    state: '状态',
    item: '项目类型',
    amount: '金额',
    currency: '币种',
    createdAt: '登记日期',
    dueDate: '开票期限',
    paymentState: '付款状态',
    paidAmount: '已付金额',
    outstandingAmount: '未付余额',
    overdue: '逾期',
    dName: '付款人',
    dPayment: '金额',
    dDate: '付款日期',
    dType: '付款方式',
    employeeName: '登记人',
    issuers: {
      KOR: '韩国',
      USA: '美国',
    },
    states: {
      P: '已创建',
      S: '已发送',
    },
    items: {
      prepayment: '预付款',
      onCredit: '赊销',
      consignment: '寄售',
      fulfillment: '订单履约',
      warehouse: '仓储',
      copyright: '版权',
      unknown: '未知发票项目',
    },
    paymentStates: {
      Y: '已付款',
      N: '未付款',
    },
    balanceStates: {
      paid: '已付款',
      partial: '部分付款',
      unpaid: '未付款',
    },
    invoicesTotal: '搜索结果合计 {{currency}}（{{count}} 张发票）',
    paymentsTotal: '搜索结果合计 {{currency}}（{{count}} 笔付款）',
    paymentTypes: {
      credit_card: '信用卡',
      check: '支票',
      cash: '现金',
      remittance: '汇款',
    },
  },
  ja: {
    invoicesSheet: '送付済み請求書',
    paymentsSheet: '支払い完了',
    no: '番号',
    code: 'コード',
    title: '件名',
    issuer: '発行元',
    state: '状態',
    item: '項目種別',
    amount: '金額',
    currency: '通貨',
    createdAt: '登録日',
    dueDate: '発行期限',
    paymentState: '支払い状況',
    paidAmount: '支払済み額',
    outstandingAmount: '未払い残高',
    overdue: '期限超過',
    dName: '入金者名',
    dPayment: '金額',
    dDate: '入金日',
    dType: '入金方法',
    employeeName: '登録者',
    issuers: {
      KOR: '韓国',
      USA: '米国',
    },
    states: {
      P: '作成済み',
      S: '送付済み',
    },
    items: {
      prepayment: '前払い',
      onCredit: '掛売',
      consignment: '委託',
      fulfillment: 'フルフィルメント',
      warehouse: '倉庫',
      copyright: '著作権',
      unknown: '不明な請求項目',
    },
    paymentStates: {
      Y: '支払済み',
      N: '未払い',
    },
    balanceStates: {
      paid: '支払済み',
      partial: '一部支払い',
      unpaid: '未払い',
    },
    invoicesTotal: '検索結果の合計 {{currency}}（{{count}} 件）',
    paymentsTotal: '検索結果の合計 {{currency}}（{{count}} 件）',
    paymentTypes: {
      credit_card: 'クレジットカード',
      check: '小切手',
      cash: '現金',
      remittance: '送金',
    },
  },
};
