/**
 * The messages of an import report, in the five UI languages (like lib/mail/render.ts): rows
 * are reported by number and column with one of these, `{name}` replaced by its value.
 */
import { mailLocale, type MailLocale } from '../mail/render';

export type ImportMessageKey =
  | 'required'
  | 'invalid'
  | 'tooLong'
  | 'yn'
  | 'country'
  | 'currency'
  | 'division'
  | 'isbn'
  | 'money'
  | 'date'
  | 'duplicate'
  | 'missingColumn'
  | 'unreadable'
  | 'oneOf'
  | 'integer'
  | 'unknownCompany'
  | 'unknownInvoice'
  | 'unknownBook'
  | 'unknownCustomer'
  | 'fileMissing'
  | 'zipSheet'
  | 'zipTooLarge'
  | 'dateTime'
  | 'fileType'
  | 'notSameAsFirst'
  | 'lineAmount'
  | 'invoicePaid'
  | 'invoicePaidByOther'
  | 'currencyMismatch'
  | 'coveredExceeds'
  | 'coveredAboveInvoice'
  | 'percent'
  | 'lineCalculated'
  | 'dueBeforeCreated'
  | 'encoding'
  | 'jobFailed'
  | 'wholeUnits'
  | 'minorUnit'
  | 'amountLimit'
  | 'coveredAboveOutstanding'
  | 'adjustmentReason';

export const IMPORT_MESSAGES: Record<MailLocale, Record<ImportMessageKey, string>> = {
  en: {
    required: 'This value is required.',
    invalid: 'This value is not valid.',
    tooLong: 'At most {max} characters.',
    yn: 'Y or N.',
    country: 'Unknown country code (ISO 3166 alpha-3, e.g. KOR).',
    currency: 'Unknown currency (e.g. KRW, USD).',
    division: 'Unknown company division.',
    isbn: 'Not a valid ISBN.',
    money: 'An amount with at most 2 decimals (e.g. 1200.50).',
    date: 'A date as YYYY-MM-DD.',
    duplicate: 'This key appears on row {other} already.',
    missingColumn: 'The column is missing from the header row.',
    unreadable: 'The file cannot be read as {format}.',
    oneOf: 'One of: {values}.',
    integer: 'A whole number from {min} to {max}.',
    unknownCompany: 'No company has the login id {value}.',
    unknownInvoice: 'The company has no invoice {value}.',
    unknownBook: 'The company has no copyright book with ISBN {value}.',
    unknownCustomer: 'No royalty customer is named {value}.',
    fileMissing: 'The zip holds no file named {value}.',
    zipSheet: 'The zip must hold one CSV or XLSX sheet at its top level (or one named {name}).',
    zipTooLarge: 'The zip unpacks to more than {max} MB or holds more than {files} files.',
    dateTime:
      'A date as YYYY-MM-DD, or a date and time as YYYY-MM-DD HH:MM[:SS], in the portal’s time zone unless Z or an offset (e.g. +09:00) follows.',
    fileType: 'The file {value} is not of an accepted type, or its content does not match its extension ({types}).',
    notSameAsFirst: 'Must be the same on every row of one record: row {other} has {value}.',
    lineAmount: 'The amount must be qty × unit price plus VAT: {expected}.',
    invoicePaid: 'Invoice {value} is paid: its amount and currency cannot change.',
    invoicePaidByOther: 'Invoice {value} is already paid by another payment ({other}).',
    currencyMismatch: 'Invoice {value} is in {currency}, not in the currency of the payment.',
    coveredExceeds: 'The covered amounts add up to {covered}, more than the payment amount {amount}.',
    coveredAboveInvoice: 'More than the amount of the invoice ({amount}).',
    percent: 'A percentage from 0 to 100 with at most 2 decimals (e.g. 10.5).',
    lineCalculated: 'Line {value} has been calculated on an invoice already: it cannot be changed by an import.',
    dueBeforeCreated: 'The due date is before the registration day ({value}).',
    encoding: 'The byte at offset {offset} (counted from 0) is not valid {encoding}: save the file as UTF-8, or choose its encoding.',
    jobFailed: 'The import stopped before it finished ({reason}): nothing was written.',
    wholeUnits: '{currency} has no minor unit (ISO 4217): an amount in {currency} is a whole number, not {value}.',
    minorUnit: 'An amount in {currency} has at most {decimals} decimals (its ISO 4217 minor unit), not {value}.',
    amountLimit: 'The amount must be less than {limit} in absolute value.',
    coveredAboveOutstanding: 'More than the amount still owed on the invoice ({amount}).',
    adjustmentReason: 'An adjustment needs its reason (e.g. bank charges).',
  },
  ko: {
    required: '필수 값입니다.',
    invalid: '올바른 값이 아닙니다.',
    tooLong: '최대 {max}자까지 입력할 수 있습니다.',
    yn: 'Y 또는 N이어야 합니다.',
    country: '알 수 없는 국가 코드입니다 (ISO 3166 alpha-3, 예: KOR).',
    currency: '알 수 없는 통화입니다 (예: KRW, USD).',
    division: '알 수 없는 회사 구분입니다.',
    isbn: '올바른 ISBN이 아닙니다.',
    money: '소수점 이하 2자리까지의 금액이어야 합니다 (예: 1200.50).',
    date: 'YYYY-MM-DD 형식의 날짜여야 합니다.',
    duplicate: '이 키는 {other}행에 이미 있습니다.',
    missingColumn: '머리글 행에 이 열이 없습니다.',
    unreadable: '파일을 {format} 형식으로 읽을 수 없습니다.',
    oneOf: '다음 중 하나여야 합니다: {values}.',
    integer: '{min}부터 {max}까지의 정수여야 합니다.',
    unknownCompany: '로그인 ID가 {value}인 회사가 없습니다.',
    unknownInvoice: '이 회사에 {value} 청구서가 없습니다.',
    unknownBook: '이 회사에 ISBN {value}인 저작권 도서가 없습니다.',
    unknownCustomer: '{value}(이)라는 로열티 거래처가 없습니다.',
    fileMissing: 'zip 파일에 {value} 파일이 없습니다.',
    zipSheet: 'zip 파일의 최상위에 CSV 또는 XLSX 시트가 하나 있어야 합니다 (또는 {name}).',
    zipTooLarge: 'zip 파일의 압축을 풀면 {max}MB를 넘거나 파일이 {files}개를 넘습니다.',
    dateTime:
      'YYYY-MM-DD 형식의 날짜 또는 YYYY-MM-DD HH:MM[:SS] 형식의 날짜와 시간이어야 합니다 (Z나 시차(예: +09:00)를 붙이지 않으면 포털의 시간대).',
    fileType: '{value} 파일은 허용되지 않는 형식이거나 내용이 확장자와 맞지 않습니다 ({types}).',
    notSameAsFirst: '한 레코드의 모든 행에서 같은 값이어야 합니다: {other}행의 값은 {value}입니다.',
    lineAmount: '금액은 수량 × 단가 + 부가세인 {expected}이어야 합니다.',
    invoicePaid: '{value} 청구서는 이미 결제되어 금액과 통화를 바꿀 수 없습니다.',
    invoicePaidByOther: '{value} 청구서는 이미 다른 결제({other})로 결제되었습니다.',
    currencyMismatch: '{value} 청구서의 통화는 {currency}이며 결제 통화와 다릅니다.',
    coveredExceeds: '충당 금액의 합계 {covered}이(가) 결제 금액 {amount}보다 큽니다.',
    coveredAboveInvoice: '청구서 금액({amount})보다 큽니다.',
    percent: '0부터 100까지, 소수점 이하 2자리까지의 백분율이어야 합니다 (예: 10.5).',
    lineCalculated: '{value} 라인은 이미 청구서로 정산되어 가져오기로 변경할 수 없습니다.',
    dueBeforeCreated: '마감일이 등록일({value})보다 이전입니다.',
    encoding: '{offset}번째 바이트(0부터 셈)가 올바른 {encoding}이(가) 아닙니다. 파일을 UTF-8로 저장하거나 파일의 인코딩을 선택하세요.',
    jobFailed: '가져오기가 끝나기 전에 중단되었습니다({reason}). 아무것도 기록되지 않았습니다.',
    wholeUnits: '{currency}에는 보조 단위가 없습니다(ISO 4217). {currency} 금액은 정수여야 합니다: {value}.',
    minorUnit: '{currency} 금액은 소수점 이하 {decimals}자리까지입니다(ISO 4217 보조 단위): {value}.',
    amountLimit: '금액의 절댓값은 {limit}보다 작아야 합니다.',
    coveredAboveOutstanding: '청구서의 미결제 잔액({amount})보다 큽니다.',
    adjustmentReason: '조정에는 사유가 필요합니다 (예: 은행 수수료).',
  },
  es: {
    required: 'Este valor es obligatorio.',
    invalid: 'Este valor no es válido.',
    tooLong: 'Como máximo {max} caracteres.',
    yn: 'Y o N.',
    country: 'Código de país desconocido (ISO 3166 alfa-3, p. ej. KOR).',
    currency: 'Moneda desconocida (p. ej. KRW, USD).',
    division: 'División de empresa desconocida.',
    isbn: 'No es un ISBN válido.',
    money: 'Un importe con 2 decimales como máximo (p. ej. 1200.50).',
    date: 'Una fecha con el formato AAAA-MM-DD.',
    duplicate: 'Esta clave ya aparece en la fila {other}.',
    missingColumn: 'Falta la columna en la fila de encabezado.',
    unreadable: 'El archivo no se puede leer como {format}.',
    oneOf: 'Uno de: {values}.',
    integer: 'Un número entero de {min} a {max}.',
    unknownCompany: 'Ninguna empresa tiene el identificador {value}.',
    unknownInvoice: 'La empresa no tiene la factura {value}.',
    unknownBook: 'La empresa no tiene ningún libro con el ISBN {value}.',
    unknownCustomer: 'Ningún cliente de regalías se llama {value}.',
    fileMissing: 'El zip no contiene ningún archivo llamado {value}.',
    zipSheet: 'El zip debe contener una hoja CSV o XLSX en su nivel superior (o una llamada {name}).',
    zipTooLarge: 'El zip descomprimido ocupa más de {max} MB o contiene más de {files} archivos.',
    dateTime:
      'Una fecha AAAA-MM-DD, o una fecha y hora AAAA-MM-DD HH:MM[:SS], en la zona horaria del portal salvo que siga Z o un desfase (p. ej. +09:00).',
    fileType: 'El archivo {value} no es de un tipo aceptado o su contenido no corresponde a su extensión ({types}).',
    notSameAsFirst: 'Debe ser igual en todas las filas de un mismo registro: la fila {other} tiene {value}.',
    lineAmount: 'El importe debe ser cantidad × precio unitario más IVA: {expected}.',
    invoicePaid: 'La factura {value} está pagada: su importe y su moneda no pueden cambiar.',
    invoicePaidByOther: 'La factura {value} ya está pagada por otro pago ({other}).',
    currencyMismatch: 'La factura {value} está en {currency}, no en la moneda del pago.',
    coveredExceeds: 'Los importes cubiertos suman {covered}, más que el importe del pago {amount}.',
    coveredAboveInvoice: 'Más que el importe de la factura ({amount}).',
    percent: 'Un porcentaje de 0 a 100 con 2 decimales como máximo (p. ej. 10.5).',
    lineCalculated: 'La línea {value} ya se liquidó en una factura: una importación no puede cambiarla.',
    dueBeforeCreated: 'La fecha de vencimiento es anterior al día de registro ({value}).',
    encoding:
      'El byte en la posición {offset} (contando desde 0) no es {encoding} válido: guarde el archivo como UTF-8 o elija su codificación.',
    jobFailed: 'La importación se detuvo antes de terminar ({reason}): no se escribió nada.',
    wholeUnits: '{currency} no tiene unidad menor (ISO 4217): un importe en {currency} es un número entero, no {value}.',
    minorUnit: 'Un importe en {currency} tiene como máximo {decimals} decimales (su unidad menor ISO 4217), no {value}.',
    amountLimit: 'El importe debe ser menor que {limit} en valor absoluto.',
    coveredAboveOutstanding: 'Más que el importe pendiente de la factura ({amount}).',
    adjustmentReason: 'Un ajuste necesita su motivo (p. ej. comisiones bancarias).',
  },
  zh: {
    required: '此值为必填项。',
    invalid: '此值无效。',
    tooLong: '最多 {max} 个字符。',
    yn: '应为 Y 或 N。',
    country: '未知的国家代码（ISO 3166 三字母代码，例如 KOR）。',
    currency: '未知的货币（例如 KRW、USD）。',
    division: '未知的公司类别。',
    isbn: '不是有效的 ISBN。',
    money: '最多两位小数的金额（例如 1200.50）。',
    date: '日期格式应为 YYYY-MM-DD。',
    duplicate: '此键已出现在第 {other} 行。',
    missingColumn: '标题行中缺少此列。',
    unreadable: '无法将文件读取为 {format}。',
    oneOf: '应为以下之一：{values}。',
    integer: '{min} 到 {max} 之间的整数。',
    unknownCompany: '没有登录 ID 为 {value} 的公司。',
    unknownInvoice: '该公司没有发票 {value}。',
    unknownBook: '该公司没有 ISBN 为 {value} 的版权图书。',
    unknownCustomer: '没有名为 {value} 的版税客户。',
    fileMissing: 'zip 中没有名为 {value} 的文件。',
    zipSheet: 'zip 的顶层必须有一个 CSV 或 XLSX 表格（或名为 {name} 的表格）。',
    zipTooLarge: 'zip 解压后超过 {max} MB 或文件超过 {files} 个。',
    dateTime: '日期格式应为 YYYY-MM-DD，或日期和时间 YYYY-MM-DD HH:MM[:SS]（未加 Z 或时差（例如 +09:00）时为门户的时区）。',
    fileType: '文件 {value} 的类型不被接受，或其内容与扩展名不符（{types}）。',
    notSameAsFirst: '同一记录的每一行必须相同：第 {other} 行为 {value}。',
    lineAmount: '金额必须为数量 × 单价加增值税：{expected}。',
    invoicePaid: '发票 {value} 已付款：其金额和货币不能更改。',
    invoicePaidByOther: '发票 {value} 已由另一笔付款（{other}）支付。',
    currencyMismatch: '发票 {value} 的货币为 {currency}，与付款货币不同。',
    coveredExceeds: '所抵付金额合计 {covered}，超过付款金额 {amount}。',
    coveredAboveInvoice: '超过发票金额（{amount}）。',
    percent: '0 到 100 之间、最多两位小数的百分比（例如 10.5）。',
    lineCalculated: '明细 {value} 已在发票中结算，不能通过导入修改。',
    dueBeforeCreated: '截止日期早于登记日（{value}）。',
    encoding: '偏移量 {offset}（从 0 开始计数）处的字节不是有效的 {encoding}：请将文件另存为 UTF-8，或选择其编码。',
    jobFailed: '导入在完成前停止（{reason}）：未写入任何内容。',
    wholeUnits: '{currency} 没有辅币单位（ISO 4217）：{currency} 金额必须是整数，而不是 {value}。',
    minorUnit: '{currency} 金额最多 {decimals} 位小数（ISO 4217 辅币单位），而不是 {value}。',
    amountLimit: '金额的绝对值必须小于 {limit}。',
    coveredAboveOutstanding: '超过了发票尚未支付的金额（{amount}）。',
    adjustmentReason: '调整需要填写原因（例如银行手续费）。',
  },
  ja: {
    required: 'この値は必須です。',
    invalid: 'この値は正しくありません。',
    tooLong: '最大 {max} 文字までです。',
    yn: 'Y または N を指定してください。',
    country: '不明な国コードです（ISO 3166 alpha-3、例: KOR）。',
    currency: '不明な通貨です（例: KRW、USD）。',
    division: '不明な会社区分です。',
    isbn: '有効な ISBN ではありません。',
    money: '小数点以下 2 桁までの金額を指定してください（例: 1200.50）。',
    date: 'YYYY-MM-DD 形式の日付を指定してください。',
    duplicate: 'このキーは {other} 行目に既にあります。',
    missingColumn: 'ヘッダー行にこの列がありません。',
    unreadable: 'ファイルを {format} として読み取れません。',
    oneOf: '次のいずれかを指定してください: {values}。',
    integer: '{min} から {max} までの整数を指定してください。',
    unknownCompany: 'ログイン ID が {value} の会社はありません。',
    unknownInvoice: 'この会社に請求書 {value} はありません。',
    unknownBook: 'この会社に ISBN {value} の著作権図書はありません。',
    unknownCustomer: '{value} という名前のロイヤリティ取引先はありません。',
    fileMissing: 'zip に {value} という名前のファイルはありません。',
    zipSheet: 'zip の最上位に CSV または XLSX のシートが 1 つ必要です（または {name}）。',
    zipTooLarge: 'zip を展開すると {max} MB を超えるか、ファイルが {files} 個を超えます。',
    dateTime:
      'YYYY-MM-DD 形式の日付、または YYYY-MM-DD HH:MM[:SS] 形式の日時を指定してください（Z や時差（例: +09:00）がなければポータルのタイムゾーン）。',
    fileType: 'ファイル {value} は受け付けない種類か、内容が拡張子と一致しません（{types}）。',
    notSameAsFirst: '1 件のレコードのすべての行で同じ値にしてください: {other} 行目は {value} です。',
    lineAmount: '金額は数量 × 単価 + 消費税の {expected} にしてください。',
    invoicePaid: '請求書 {value} は支払済みのため、金額と通貨は変更できません。',
    invoicePaidByOther: '請求書 {value} は別の入金（{other}）で支払済みです。',
    currencyMismatch: '請求書 {value} の通貨は {currency} で、入金の通貨と異なります。',
    coveredExceeds: '充当額の合計 {covered} が入金額 {amount} を超えています。',
    coveredAboveInvoice: '請求書の金額（{amount}）を超えています。',
    percent: '0 から 100 まで、小数点以下 2 桁までの百分率を指定してください（例: 10.5）。',
    lineCalculated: '明細 {value} は既に請求書で精算済みのため、インポートでは変更できません。',
    dueBeforeCreated: '期限日が登録日（{value}）より前です。',
    encoding:
      'オフセット {offset}（0 から数える）のバイトは有効な {encoding} ではありません。ファイルを UTF-8 で保存するか、エンコーディングを選択してください。',
    jobFailed: 'インポートは完了前に停止しました（{reason}）。何も書き込まれていません。',
    wholeUnits: '{currency} には補助単位がありません（ISO 4217）。{currency} の金額は整数でなければなりません：{value}。',
    minorUnit: '{currency} の金額は小数点以下 {decimals} 桁までです（ISO 4217 の補助単位）：{value}。',
    amountLimit: '金額の絶対値は {limit} 未満でなければなりません。',
    coveredAboveOutstanding: '請求書の未払い残高（{amount}）を超えています。',
    adjustmentReason: '調整には理由が必要です（例：銀行手数料）。',
  },
};

/** A message to report: its key and the values of its placeholders. */
export interface ImportMessage {
  key: ImportMessageKey;
  params?: Record<string, string | number>;
}

export function importMessage(lang: string | undefined, m: ImportMessage): string {
  const text = IMPORT_MESSAGES[mailLocale(lang)][m.key];
  return text.replace(/\{(\w+)\}/g, (all, name: string) => String(m.params?.[name] ?? all));
}
