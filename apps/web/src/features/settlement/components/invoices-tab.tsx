import { ActionIcon, Anchor } from '@mantine/core';
import { INVOICE_SORT_DEFAULT, INVOICE_SORTS, type TBuyInvoiceRow } from '@portal/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, usePaging, useSort, type Column } from '../../../components/data-table';
import { Money, TotalsFooter } from '../../../components/money';
import { formatDate, formatInteger } from '../../../lib/format';
import { useDownload } from '../../../lib/use-download';
import { useBuyInvoices } from '../api/buy-invoice-send';
import { downloadInvoicePdf } from '../api/file-download';
import { InvoiceDetailModal } from './invoice-detail-modal';
import { invoiceItemLabel, invoiceStateLabel, issuerLabel } from './labels';
import { InvoiceBalance } from './payment-state';
import { ExportMenu } from './export-menu';
import { useSettlementSearch } from './settlement-search';

const SCREEN = 'settlement.invoices';

export function InvoicesTab() {
  const { t, i18n } = useTranslation(['settlement', 'common']);
  const [paging, setPaging] = usePaging(SCREEN);
  const { form, applied, ready } = useSettlementSearch('invoices', SCREEN, t('filters.registrationDate'), () =>
    setPaging({ start: 0, length: paging.length }),
  );
  const order = useSort(SCREEN, INVOICE_SORTS, INVOICE_SORT_DEFAULT, { paging, setPaging });
  const query = useBuyInvoices({ start: paging.start, length: paging.length, search_value: applied, ...order.params }, ready);
  const { pending: downloading, download } = useDownload<string>();
  const [open, setOpen] = useState<number | null>(null);
  // ?invoice=<idx> opens that invoice's detail (the royalty list links a settled line to its invoice)
  const [params, setParams] = useSearchParams();
  const linked = /^[1-9]\d{0,9}$/.test(params.get('invoice') ?? '') ? Number(params.get('invoice')) : null;
  const shown = open ?? linked;
  const close = () => {
    setOpen(null);
    if (params.has('invoice'))
      setParams(
        (p) => {
          p.delete('invoice');
          return p;
        },
        { replace: true },
      );
  };

  const columns: Column<TBuyInvoiceRow>[] = [
    { key: 'no', header: t('fields.no'), align: 'right', width: 60 },
    {
      key: 'code',
      header: t('fields.code'),
      sortKey: 'code',
      // the code opens the invoice detail with its lines
      render: (r) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ff="monospace"
          style={{ whiteSpace: 'nowrap' }}
          onClick={() => setOpen(r.idx)}
          aria-label={t('actions.openInvoice', { code: r.code })}
          data-testid="invoice-detail-open"
        >
          {r.code}
        </Anchor>
      ),
    },
    { key: 'title', header: t('fields.title') },
    { key: 'issuer', header: t('fields.issuer'), render: (r) => issuerLabel(t, r.issuer) },
    { key: 'state', header: t('fields.state'), render: (r) => invoiceStateLabel(t, r.state) },
    { key: 'item', header: t('fields.item'), render: (r) => invoiceItemLabel(t, r.item) },
    {
      key: 'amount',
      header: t('fields.amount'),
      align: 'right',
      sortKey: 'amount',
      sortFirst: 'desc',
      render: (r) => (
        <span data-testid="invoice-amount">
          <Money amount={r.amount} icon={r.currency_icon} currency={r.currency_name} />
        </span>
      ),
    },
    {
      key: 'created_at',
      header: t('fields.createdAt'),
      sortKey: 'created_at',
      sortFirst: 'desc',
      render: (r) => formatDate(r.created_at, i18n.language),
    },
    { key: 'due_date', header: t('fields.dueDate'), sortKey: 'due_date', render: (r) => formatDate(r.due_date, i18n.language) },
    { key: 'payment_state', header: t('fields.paymentState'), sortKey: 'balance_state', render: (r) => <InvoiceBalance row={r} /> },
    {
      key: 'pdf',
      header: t('fields.pdf'),
      align: 'center',
      print: false,
      render: (r) => (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => void download(r.code, () => downloadInvoicePdf(r.code))}
          loading={downloading === r.code}
          aria-label={t('actions.downloadPdf', { code: r.code })}
          data-testid="pdf-download"
        >
          <IconFileTypePdf size={20} aria-hidden />
        </ActionIcon>
      ),
    },
  ];

  return (
    <>
      {form}
      <ExportMenu kind="invoices" filter={applied} />
      <DataTable
        testId="invoices-table"
        caption={t('captions.invoices')}
        columns={columns}
        rows={query.data?.dataset ?? []}
        total={query.data?.total_cnt ?? 0}
        totalAtLeast={query.data?.total_at_least}
        rowKey={(r) => r.idx}
        paging={paging}
        onPagingChange={setPaging}
        sort={order.sort}
        onSortChange={order.onSortChange}
        loading={query.isFetching || !ready}
        error={query.error}
        onRetry={() => void query.refetch()}
        footer={
          <TotalsFooter
            testId="invoice-totals"
            columnCount={columns.length}
            amountColumn={columns.findIndex((c) => c.key === 'amount')}
            lines={[
              ...(query.data?.page_totals ?? []).map((x) => ({
                key: `page-${x.currency}`,
                testId: `page-total-${x.currency}`,
                label: t('totals.page', { currency: x.currency, count: formatInteger(x.cnt, i18n.language) }),
                amount: x.amount,
                currency: x.currency,
                icon: x.currency_icon,
              })),
              ...(query.data?.totals ?? []).map((x) => ({
                key: `filter-${x.currency}`,
                testId: `filter-total-${x.currency}`,
                label: t('totals.filter', { currency: x.currency, count: formatInteger(x.cnt, i18n.language) }),
                amount: x.amount,
                currency: x.currency,
                icon: x.currency_icon,
              })),
            ]}
          />
        }
      />
      <InvoiceDetailModal invoiceIdx={shown} onClose={close} />
    </>
  );
}
