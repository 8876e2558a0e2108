import { Button } from '@mantine/core';
import { PAYMENT_SORT_DEFAULT, PAYMENT_SORTS, type TBuyPaymentRow } from '@portal/contract';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, useSort, type Column } from '../../../components/data-table';
import { TotalsFooter } from '../../../components/money';
import { formatDate, formatInteger } from '../../../lib/format';
import { useBuyPayments } from '../api/buy-payment';
import { formatMoney } from '../money';
import { paymentTypeLabel } from './labels';
import { PaymentDetailModal } from './payment-detail-modal';
import { ExportMenu } from './export-menu';
import { useSettlementSearch } from './settlement-search';

const SCREEN = 'settlement.payments';

export function PaymentsTab() {
  const { t, i18n } = useTranslation(['settlement', 'common']);
  const [paging, setPaging] = usePaging(SCREEN);
  const { form, applied, ready } = useSettlementSearch('payments', SCREEN, t('filters.depositDate'), () =>
    setPaging({ start: 0, length: paging.length }),
  );
  const order = useSort(SCREEN, PAYMENT_SORTS, PAYMENT_SORT_DEFAULT, { paging, setPaging });
  const query = useBuyPayments({ start: paging.start, length: paging.length, search_value: applied, ...order.params }, ready);
  const [open, setOpen] = useState<number | null>(null);

  const columns: Column<TBuyPaymentRow>[] = [
    { key: 'd_name', header: t('fields.dName') },
    {
      key: 'd_payment',
      header: t('fields.dPayment'),
      align: 'right',
      sortKey: 'd_payment',
      sortFirst: 'desc',
      render: (r) => (
        // the currency sign stays with its amount (a narrow screen scrolls the table instead)
        <span data-testid="payment-amount" style={{ whiteSpace: 'nowrap' }}>
          {r.currency_icon} {formatMoney(r.d_payment, r.currency_name)}
        </span>
      ),
    },
    { key: 'd_date', header: t('fields.dDate'), sortKey: 'd_date', sortFirst: 'desc', render: (r) => formatDate(r.d_date, i18n.language) },
    { key: 'd_type', header: t('fields.dType'), render: (r) => paymentTypeLabel(t, r.d_type) },
    { key: 'employee_name', header: t('fields.employeeName') },
    { key: 'created_at', header: t('fields.createdAt'), render: (r) => formatDate(r.created_at, i18n.language) },
    {
      key: 'detail',
      header: t('fields.detail'),
      align: 'center',
      print: false,
      render: (r) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconListDetails size={14} aria-hidden />}
          onClick={() => setOpen(r.idx)}
          aria-label={t('actions.openDetail', { name: r.d_name, date: formatDate(r.d_date, i18n.language) })}
          data-testid="payment-detail-open"
        >
          {t('fields.detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {form}
      <ExportMenu kind="payments" filter={applied} />
      <DataTable
        testId="payments-table"
        caption={t('captions.payments')}
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
            testId="payment-totals"
            columnCount={columns.length}
            amountColumn={columns.findIndex((c) => c.key === 'd_payment')}
            lines={(query.data?.totals ?? []).map((x) => ({
              key: x.currency,
              testId: `filter-total-${x.currency}`,
              label: t('totals.payments', { currency: x.currency, count: formatInteger(x.cnt, i18n.language) }),
              amount: x.amount,
              currency: x.currency,
              icon: x.currency_icon,
            }))}
          />
        }
      />
      <PaymentDetailModal paymentIdx={open} onClose={() => setOpen(null)} />
    </>
  );
}
