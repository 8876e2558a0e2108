import { Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { formatDate, formatInteger } from '../../../lib/format';
import { useDownload } from '../../../lib/use-download';
import { useBuyInvoice } from '../api/buy-invoice-detail';
import { downloadInvoicePdf } from '../api/file-download';
import { formatMoney } from '../money';
import { invoiceItemLabel, invoiceStateLabel, issuerLabel } from './labels';
import { DetailModal, Field } from './detail-modal';
import { PaymentState } from './payment-state';

/** The invoice detail of the invoices tab: the row's fields and the invoice lines with their total. */
export function InvoiceDetailModal({ invoiceIdx, onClose }: { invoiceIdx: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['settlement', 'common']);
  const detail = useBuyInvoice(invoiceIdx);
  const inv = detail.data;
  const { pending, download } = useDownload<string>();
  const money = (amount: string) => `${inv?.currency_icon ?? ''} ${formatMoney(amount, inv?.currency_name)}`;

  return (
    <DetailModal
      opened={invoiceIdx !== null}
      onClose={onClose}
      title={t('invoice.title')}
      testId="invoice-detail"
      data={inv}
      error={detail.isError ? detail.error : null}
    >
      {(inv) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label={t('fields.code')} testId="invoice-code">
              <Text span size="sm" ff="monospace">
                {inv.code}
              </Text>
            </Field>
            <Field label={t('fields.title')}>{inv.title}</Field>
            <Field label={t('fields.amount')} testId="invoice-amount">
              <Money amount={inv.amount} icon={inv.currency_icon} currency={inv.currency_name} decimals={2} strong />
            </Field>
            <Field label={t('fields.issuer')}>{issuerLabel(t, inv.issuer)}</Field>
            <Field label={t('fields.state')}>{invoiceStateLabel(t, inv.state)}</Field>
            <Field label={t('fields.item')}>{invoiceItemLabel(t, inv.item)}</Field>
            <Field label={t('fields.createdAt')}>{formatDate(inv.created_at, i18n.language)}</Field>
            <Field label={t('fields.dueDate')}>{formatDate(inv.due_date, i18n.language)}</Field>
            <Field label={t('fields.paymentState')}>
              <PaymentState state={inv.payment_state} />
            </Field>
          </SimpleGrid>
          <div>
            <Title order={2} size="h5" mb="xs">
              {t('invoice.lines')}
            </Title>
            <Table.ScrollContainer
              minWidth={520}
              scrollAreaProps={{
                viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('captions.invoiceLines', { code: inv.code }) },
              }}
            >
              <Table withTableBorder striped verticalSpacing={6} data-testid="invoice-lines">
                <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  {t('captions.invoiceLines', { code: inv.code })}
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" style={{ textAlign: 'right' }} w={56}>
                      {t('fields.lineNo')}
                    </Table.Th>
                    <Table.Th scope="col">{t('fields.description')}</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('fields.qty')}
                    </Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('fields.unitPrice')}
                    </Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('fields.amount')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inv.lines.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text c="dimmed" size="sm" ta="center">
                          {t('invoice.noLines')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {inv.lines.map((l) => (
                    <Table.Tr key={l.line_no} data-testid="invoice-line">
                      <Table.Td style={{ textAlign: 'right' }}>{l.line_no}</Table.Td>
                      <Table.Td>{l.description}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatInteger(l.qty, i18n.language)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(l.unit_price)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="invoice-line-amount">
                        {money(l.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={4} scope="row" style={{ textAlign: 'right' }}>
                      {t('invoice.total')}
                    </Table.Th>
                    <Table.Td style={{ textAlign: 'right' }} data-testid="invoice-lines-total">
                      <Money amount={inv.amount} icon={inv.currency_icon} currency={inv.currency_name} decimals={2} strong />
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </div>
          <Group justify="flex-end" gap="xs" data-print="hide">
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={pending !== null}
              onClick={() => void download(inv.code, () => downloadInvoicePdf(inv.code))}
              aria-label={t('actions.downloadPdf', { code: inv.code })}
            >
              {t('fields.pdf')}
            </Button>
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
