import { Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TPaymentInvoiceRow } from '@portal/contract';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDate, formatInteger } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { currencyName } from '../../../lib/display-names';
import { usePaymentInvoices } from '../api/buy-payment-complete-detail';
import { useBuyPayment } from '../api/buy-payment-detail';
import { downloadAttachment } from '../api/file-download';
import { useAllFiles } from '../api/get-all-files';
import { formatMoney, totalsByCurrency } from '../money';
import { DetailModal, Field } from './detail-modal';
import { paymentTypeLabel } from './labels';

/** Spec §2: the payment detail with its files and the invoices it covered, with the selected total. */
export function PaymentDetailModal({ paymentIdx, onClose }: { paymentIdx: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['settlement', 'common']);
  const detail = useBuyPayment(paymentIdx);
  const invoices = usePaymentInvoices(paymentIdx);
  const p = detail.data;
  const files = useAllFiles(p?.upload_path ?? null);
  const [selected, setSelected] = useState<number[]>([]);

  // every covered invoice starts selected
  useEffect(() => {
    setSelected(invoices.data?.map((r) => r.idx) ?? []);
  }, [invoices.data]);

  const rows = useMemo(() => invoices.data ?? [], [invoices.data]);
  // the total sums what this payment covered of the selected invoices (the footer's label says so)
  const totals = useMemo(
    () => totalsByCurrency(rows.filter((r) => selected.includes(r.idx)).map((r) => ({ ...r, amount: r.covered_amount }))),
    [rows, selected],
  );
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.idx));

  const download = async (fileName: string) => {
    if (!p) return;
    try {
      await downloadAttachment(p.upload_path, fileName);
    } catch (e) {
      notifyError(t(`common:${errorMessageKey(e)}`));
    }
  };
  const toggle = (r: TPaymentInvoiceRow, on: boolean) => setSelected((s) => (on ? [...s, r.idx] : s.filter((x) => x !== r.idx)));

  return (
    <DetailModal
      opened={paymentIdx !== null}
      onClose={onClose}
      title={t('detail.title')}
      testId="payment-detail"
      data={p}
      error={detail.isError ? detail.error : null}
    >
      {(p) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label={t('fields.dName')} testId="detail-d-name">
              {p.d_name}
            </Field>
            <Field label={t('fields.dDate')}>{formatDate(p.d_date, i18n.language)}</Field>
            <Field
              label={t('fields.currency')}
              testId="detail-currency"
            >{`${currencyName(p.currency_name, i18n.language)} (${p.currency_name} ${p.currency_icon})`}</Field>
            <Field
              label={t('fields.dPayment')}
              testId="detail-amount"
            >{`${p.currency_icon} ${formatMoney(p.d_payment, p.currency_name)}`}</Field>
            <Field label={t('fields.dType')}>{paymentTypeLabel(t, p.d_type)}</Field>
            <Field label={t('fields.dTypeInfo')}>{p.d_type_info}</Field>
          </SimpleGrid>
          <Field label={t('fields.dComment')}>{p.d_comment}</Field>
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t('fields.files')}
            </Text>
            {files.data && files.data.length > 0 ? (
              <Stack gap={4} mt={4} data-testid="detail-files">
                {files.data.map((f) => {
                  const fileName = f.extension ? `${f.name}.${f.extension}` : f.name;
                  return (
                    <Group key={f.idx} gap="xs">
                      <IconDownload size={14} aria-hidden />
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => void download(fileName)}
                        aria-label={t('actions.downloadFile', { name: fileName })}
                      >
                        {fileName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('detail.bytes', { size: formatInteger(f.size, i18n.language) })}
                      </Text>
                    </Group>
                  );
                })}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {files.isLoading ? t('common:table.loading') : t('detail.noFiles')}
              </Text>
            )}
          </div>
          <div>
            <Title order={2} size="h5" mb="xs">
              {t('fields.invoices')}
            </Title>
            <Table.ScrollContainer minWidth={500}>
              <Table withTableBorder striped verticalSpacing={6} data-testid="detail-invoices">
                <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  {t('captions.paymentInvoices')}
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('common:table.selectAll')}
                        checked={allSelected}
                        indeterminate={selected.length > 0 && !allSelected}
                        onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.idx))}
                      />
                    </Table.Th>
                    <Table.Th scope="col">{t('fields.code')}</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('fields.invoiceAmount')}
                    </Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('fields.coveredAmount')}
                    </Table.Th>
                    <Table.Th scope="col">{t('fields.createdDay')}</Table.Th>
                    <Table.Th scope="col">{t('fields.dueDay')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.idx} data-testid="detail-invoice-row">
                      <Table.Td>
                        <Checkbox
                          aria-label={t('detail.selectInvoice', { code: r.code })}
                          checked={selected.includes(r.idx)}
                          onChange={(e) => toggle(r, e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {r.code}
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="detail-invoice-amount">
                        {r.currency_icon} {formatMoney(r.amount, r.currency_name)}
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="detail-covered-amount">
                        {r.currency_icon} {formatMoney(r.covered_amount, r.currency_name)}
                        {r.adjustment !== '0.00' && (
                          <Text span size="xs" c="dimmed" display="block">
                            {`${t('fields.adjustment')}: ${r.currency_icon} ${formatMoney(r.adjustment, r.currency_name)}${r.adjustment_reason ? ` (${r.adjustment_reason})` : ''}`}
                          </Text>
                        )}
                        {r.outstanding_amount !== '0.00' && (
                          <Text span size="xs" c="red.9" fw={700} display="block">
                            {t('balance.outstanding', {
                              amount: `${r.currency_icon}${formatMoney(r.outstanding_amount, r.currency_name)}`,
                            })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{formatDate(r.created_day, i18n.language)}</Table.Td>
                      <Table.Td>{formatDate(r.due_day, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={3}>{t('detail.selectedTotal')}</Table.Th>
                    <Table.Th colSpan={3} style={{ textAlign: 'right' }} data-testid="selected-total">
                      {totals.length === 0
                        ? t('detail.noSelection')
                        : totals.map((x) => (
                            <div key={x.currency} data-currency={x.currency}>
                              {`${x.icon} ${formatMoney(x.total, 'decimal')} ${x.currency}`}
                            </div>
                          ))}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </div>
          <Group justify="flex-end" data-print="hide">
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
              data-testid="print"
            >
              {t('common:actions.print')}
            </Button>
          </Group>
        </Stack>
      )}
    </DetailModal>
  );
}
