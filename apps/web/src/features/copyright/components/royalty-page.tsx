import { Anchor, Group, Select, Text, TextInput } from '@mantine/core';
import {
  ROYALTY_EXPORT_BASE_NAME,
  ROYALTY_SORT_DEFAULT,
  ROYALTY_SORTS,
  exportFileName,
  type TRoyaltyFilter,
  type TRoyaltyRow,
} from '@portal/contract';
import { hyphenateIsbn } from '@portal/contract/isbn';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { DataTable, useSort, type Column } from '../../../components/data-table';
import { ExportMenu } from '../../../components/export-menu';
import { PageHeader } from '../../../components/page-header';
import { DateRangeInput, SearchForm, useListSearch, type FieldErrors } from '../../../components/search-form';
import { parseDateRange } from '../../../lib/date-range';
import { useCountryName } from '../../../lib/display-names';
import { asLanguage } from '../../../lib/i18n';
import { formatDate, formatDateTime, formatInteger } from '../../../lib/format';
import { useLoginInfo } from '../../auth/api/login-info';
import { exportRoyalty } from '../api/export-royalty';
import { useRoyalty } from '../api/royalty';
import { Money, TotalsFooter, priceDecimals } from '../../../components/money';
import { Cover } from './cover';
import { RoyaltyTabs } from './statements-tab';
import { saleInfoLabel } from './sale-info';

const ZForm = z.object({
  dateRange: z.string(),
  isbn: z.string(),
  customerName: z.string(),
  invoiceYn: z.enum(['', 'Y', 'N']),
});
type Form = z.infer<typeof ZForm>;
const EMPTY: Form = { dateRange: '', isbn: '', customerName: '', invoiceYn: '' };
const SCREEN = 'copyright.royalty';

type Errors = FieldErrors<Form>;

/** The form's text → the call's search_value; errors are i18n keys. */
export function royaltyFilter(form: Form): { filter: TRoyaltyFilter; errors: Errors } {
  const errors: Errors = {};
  const range = parseDateRange(form.dateRange);
  if (!range.ok) errors.dateRange = range.error;
  const isbn = form.isbn.trim();
  if (isbn && !/^\d{1,13}$/.test(isbn)) errors.isbn = 'common:messages.digitsOnly';
  const filter: TRoyaltyFilter = {
    ...(range.ok ? range.value : {}),
    ...(isbn ? { isbn } : {}),
    ...(form.customerName.trim() ? { customerName: form.customerName.trim() } : {}),
    ...(form.invoiceYn ? { invoiceYn: form.invoiceYn } : {}),
  };
  return { filter, errors };
}

/** /copyright/royalty: royalty lines by title, with amounts, per-currency totals and the Excel export; the statements on a tab of their own. */
export function RoyaltyPage() {
  const { t, i18n } = useTranslation(['copyright', 'common']);
  const { search, paging, setPaging, errors, filter, set, onSearch, onReset } = useListSearch(SCREEN, ZForm, EMPTY, royaltyFilter);
  const order = useSort(SCREEN, ROYALTY_SORTS, ROYALTY_SORT_DEFAULT, { paging, setPaging });
  const list = useRoyalty(paging, filter, order.sort);
  const saleInfo = useLoginInfo().data?.saleInfo_display === 'Y';
  const countryName = useCountryName();

  const columns: Column<TRoyaltyRow>[] = [
    { key: 'no', header: t('fields.no'), align: 'right', width: 56 },
    {
      key: 'title',
      header: `${t('fields.title')} / ${t('fields.isbn')}`,
      sortKey: 'title',
      render: (r) => (
        <Group gap="xs" wrap="nowrap" miw={170}>
          <Cover src={r.img_url} />
          <div>
            <Text size="sm" data-testid="cell-title">
              {r.title}
            </Text>
            <Text size="xs" c="dimmed" data-testid="cell-isbn" aria-label={`${t('fields.isbn')} ${hyphenateIsbn(r.isbn)}`}>
              {hyphenateIsbn(r.isbn)}
            </Text>
          </div>
        </Group>
      ),
    },
    {
      key: 'customer_name',
      header: t('fields.customer'),
      render: (r) => (
        <div data-testid="cell-customer">
          <Text size="sm">{r.customer_name}</Text>
          <Text size="xs" c="dimmed" title={t('fields.country')} data-testid="cell-customer-country">
            {countryName(r.customer_country)}
          </Text>
        </div>
      ),
    },
    ...(saleInfo
      ? [
          {
            key: 'saleInfo',
            header: t('fields.saleInfo'),
            render: (r: TRoyaltyRow) => (
              <span data-testid="cell-sale-info" style={{ whiteSpace: 'nowrap' }}>
                {saleInfoLabel(t, r.saleInfo)}
              </span>
            ),
          },
        ]
      : []),
    {
      key: 'unit_price',
      header: t('fields.unitPrice'),
      align: 'right',
      render: (r) => <Money amount={r.unit_price} icon={r.currency_icon} currency={r.currency} decimals={priceDecimals(r.currency)} />,
    },
    {
      key: 'qty',
      header: <span style={{ whiteSpace: 'nowrap' }}>{t('fields.qty')}</span>,
      align: 'right',
      render: (r) => formatInteger(r.qty),
    },
    {
      key: 'sample_qty',
      header: `${t('fields.sampleQty')} / ${t('fields.disuseQty')}`,
      align: 'right',
      render: (r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <span title={t('fields.sampleQty')}>{formatInteger(r.sample_qty)}</span> /{' '}
          <span title={t('fields.disuseQty')}>{formatInteger(r.disuse_qty)}</span>
        </span>
      ),
    },
    {
      key: 'royalty',
      header: t('fields.royalty'),
      align: 'right',
      sortKey: 'royalty',
      sortFirst: 'desc',
      render: (r) => (
        <div>
          <span data-testid="cell-royalty">
            <Money amount={r.royalty} icon={r.currency_icon} currency={r.currency} decimals={2} strong />
          </span>
          <Text size="xs" c="dimmed" title={t('fields.rate')}>
            {t('fields.rate')} {r.rate}%
          </Text>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      render: (r) =>
        r.buy_invoice_idx !== null ? (
          <div>
            {/* teal-9 darkened by 15 %: AA contrast also on a hovered striped row (teal-9 alone is 4.5:1 on gray-1) */}
            <Text
              size="sm"
              c="color-mix(in srgb, var(--mantine-color-teal-9), black 15%)"
              fw={600}
              style={{ whiteSpace: 'nowrap' }}
              data-testid="status-calculated"
            >
              {t('common:enums.calcStatus.Y')}
            </Text>
            {r.buy_invoice_code !== null && (
              // the invoice the line was settled on, by the code the invoices tab shows: opens its detail there
              <Anchor
                component={Link}
                to={`/calculate/sale?invoice=${r.buy_invoice_idx}`}
                size="xs"
                ff="monospace"
                style={{ whiteSpace: 'nowrap' }}
                aria-label={t('royalty.openInvoice', { code: r.buy_invoice_code })}
                data-testid="cell-invoice"
              >
                {r.buy_invoice_code}
              </Anchor>
            )}
          </div>
        ) : (
          // orange-9 darkened by 15 %: AA contrast on white and on the striped rows (orange-9 alone is 4.3:1)
          <Text
            size="sm"
            c="color-mix(in srgb, var(--mantine-color-orange-9), black 15%)"
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="status-uncalculated"
          >
            {t('common:enums.calcStatus.N')}
          </Text>
        ),
    },
    {
      // the day of the sale: what the "sales date" filter selects on (same name on both)
      key: 'created_at',
      header: t('fields.salesDate'),
      sortKey: 'created_at',
      sortFirst: 'desc',
      render: (r) => (
        <span title={formatDateTime(r.created_at)} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(r.created_at)}
        </span>
      ),
    },
  ];

  const footer = (
    <TotalsFooter
      testId="royalty-totals"
      columnCount={columns.length}
      amountColumn={columns.findIndex((c) => c.key === 'royalty')}
      lines={(list.data?.totals ?? []).map((x) => ({
        key: x.currency,
        testId: `total-${x.currency}`,
        label: t('totals.label', { currency: x.currency, lines: formatInteger(x.cnt) }),
        amount: x.royalty,
        currency: x.currency,
        icon: x.currency_icon,
      }))}
    />
  );

  return (
    <>
      <PageHeader title={t('royalty.title')}>
        <ExportMenu
          label={t('export.label.royalty')}
          testId="export-royalty"
          fileName={(format) => exportFileName(ROYALTY_EXPORT_BASE_NAME, format)}
          run={(format, onProgress) => exportRoyalty(filter, asLanguage(i18n.language), format, onProgress)}
        />
      </PageHeader>
      <RoyaltyTabs>
        <SearchForm onSearch={onSearch} onReset={onReset}>
          <DateRangeInput
            value={search.draft.dateRange}
            onChange={(dateRange) => set({ dateRange })}
            error={errors.dateRange}
            label={t('fields.salesDate')}
          />
          <TextInput
            label={t('filters.isbn')}
            value={search.draft.isbn}
            onChange={(e) => set({ isbn: e.currentTarget.value })}
            error={errors.isbn ? t(errors.isbn) : undefined}
            inputMode="numeric"
            maxLength={13}
            w={170}
            data-testid="filter-isbn"
          />
          <TextInput
            label={t('filters.customerName')}
            value={search.draft.customerName}
            onChange={(e) => set({ customerName: e.currentTarget.value })}
            w={200}
            data-testid="filter-customer"
          />
          <Select
            label={t('filters.invoiceYn')}
            data={[
              { value: '', label: t('filters.all') },
              { value: 'Y', label: t('common:enums.calcStatus.Y') },
              { value: 'N', label: t('common:enums.calcStatus.N') },
            ]}
            value={search.draft.invoiceYn}
            onChange={(v) => set({ invoiceYn: (v ?? '') as Form['invoiceYn'] })}
            allowDeselect={false}
            w={160}
            data-testid="filter-invoice"
          />
        </SearchForm>
        <DataTable
          caption={t('royalty.caption')}
          columns={columns}
          rows={list.data?.dataset ?? []}
          total={list.data?.total_cnt ?? 0}
          rowKey={(r) => r.idx}
          paging={paging}
          onPagingChange={setPaging}
          sort={order.sort}
          onSortChange={order.onSortChange}
          loading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          footer={footer}
          testId="royalty-table"
        />
      </RoyaltyTabs>
    </>
  );
}
