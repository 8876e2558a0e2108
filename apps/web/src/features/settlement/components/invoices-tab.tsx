import { ActionIcon, Text } from '@mantine/core';
import type { TBuyInvoiceRow } from '@portal/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, type Column } from '../../../components/data-table';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useBuyInvoices } from '../api/buy-invoice-send';
import { downloadInvoicePdf } from '../api/file-download';
import { invoiceItemLabel, invoiceStateLabel, issuerLabel } from './labels';
import { useSettlementSearch } from './settlement-search';

const SCREEN = 'settlement.invoices';

export function InvoicesTab() {
  const { t, i18n } = useTranslation(['settlement', 'common']);
  const [paging, setPaging] = usePaging(SCREEN);
  const { form, applied, ready } = useSettlementSearch(SCREEN, t('filters.registrationDate'), () =>
    setPaging({ start: 0, length: paging.length }),
  );
  const query = useBuyInvoices({ start: paging.start, length: paging.length, search_value: applied }, ready);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (code: string) => {
    setDownloading(code);
    try {
      await downloadInvoicePdf(code);
    } catch (e) {
      notifyError(t(`common:${errorMessageKey(e)}`));
    } finally {
      setDownloading(null);
    }
  };

  const columns: Column<TBuyInvoiceRow>[] = [
    { key: 'no', header: t('fields.no'), align: 'right', width: 60 },
    { key: 'code', header: t('fields.code'), render: (r) => <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>{r.code}</Text> },
    { key: 'title', header: t('fields.title') },
    { key: 'issuer', header: t('fields.issuer'), render: (r) => issuerLabel(t, r.issuer) },
    { key: 'state', header: t('fields.state'), render: (r) => invoiceStateLabel(t, r.state) },
    { key: 'item', header: t('fields.item'), render: (r) => invoiceItemLabel(t, r.item) },
    { key: 'created_at', header: t('fields.createdAt'), render: (r) => formatDate(r.created_at, i18n.language) },
    { key: 'due_date', header: t('fields.dueDate'), render: (r) => formatDate(r.due_date, i18n.language) },
    {
      key: 'payment_state',
      header: t('fields.paymentState'),
      render: (r) =>
        r.payment_state === 'Y' ? (
          <Text size="sm" data-testid="payment-state" data-paid="Y">
            {t('common:enums.paymentState.Y')}
          </Text>
        ) : (
          <Text size="sm" fw={700} c="red.9" data-testid="payment-state" data-paid="N">
            {t('common:enums.paymentState.N')}
          </Text>
        ),
    },
    {
      key: 'pdf',
      header: t('fields.pdf'),
      align: 'center',
      render: (r) => (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => void download(r.code)}
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
      <DataTable
        testId="invoices-table"
        caption={t('captions.invoices')}
        columns={columns}
        rows={query.data?.dataset ?? []}
        total={query.data?.total_cnt ?? 0}
        rowKey={(r) => r.idx}
        paging={paging}
        onPagingChange={setPaging}
        loading={query.isFetching || !ready}
      />
    </>
  );
}
