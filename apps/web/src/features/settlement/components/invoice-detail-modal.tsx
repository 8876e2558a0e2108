import { Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/contract';
import { IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatInteger } from '../../../lib/format';
import { useDownload } from '../../../lib/use-download';
import { useBuyInvoice } from '../api/buy-invoice-detail';
import { downloadInvoicePdf } from '../api/file-download';
import { invoiceItemLabel, invoiceStateLabel, issuerLabel } from './labels';
import { DetailModal, Field } from './detail-modal';
import { PaymentState } from './payment-state';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * The invoice detail of the invoices tab: the row's fields and the invoice lines with supply value, VAT (or
 * the exempt mark) and amount, and their totals, as the invoice PDF shows them.
 */
export function InvoiceDetailModal({ invoiceIdx, onClose }: { invoiceIdx: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['settlement', 'common']);
  const detail = useBuyInvoice(invoiceIdx);
  const inv = detail.data;
  const { pending, download } = useDownload<string>();
  // every amount by the contract's one formatter, in the currency's minor unit: the PDF and the mail show the same
  const money = (amount: string) => formatMoney(amount, inv?.currency_name.trim() ?? '', i18n.language, { symbol: true });

  return (
    <DetailModal
      opened={invoiceIdx !== null}
      onClose={onClose}
      title={t('invoice.title')}
      testId="invoice-detail"
      // wide enough for the seven columns of the lines (supply value, VAT, amount) without scrolling at 1280 px
      size="64rem"
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
              <Text span size="sm" fw={700} title={inv.currency_name}>
                {money(inv.amount)}
              </Text>
            </Field>
            <Field label={t('fields.issuer')}>{issuerLabel(t, inv.issuer)}</Field>
            <Field label={t('fields.state')}>{invoiceStateLabel(t, inv.state)}</Field>
            <Field label={t('fields.item')}>{invoiceItemLabel(t, inv.item)}</Field>
            <Field label={t('fields.createdAt')}>{formatDate(inv.created_at, i18n.language)}</Field>
            <Field label={t('fields.dueDate')}>{formatDate(inv.due_date, i18n.language)}</Field>
            {inv.approval_number && (
              <Field label={t('fields.approvalNumber')} testId="invoice-approval-number">
                <Text span size="sm" ff="monospace">
                  {inv.approval_number.replaceAll(';', ', ')}
                </Text>
              </Field>
            )}
            <Field label={t('fields.paymentState')}>
              <PaymentState state={inv.payment_state} />
            </Field>
          </SimpleGrid>
          <div>
            <Title order={2} size="h5" mb="xs">
              {t('invoice.lines')}
            </Title>
            <Table.ScrollContainer
              minWidth={760}
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
                      {t('fields.supplyAmount')}
                    </Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('fields.vatAmount')}
                    </Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('fields.lineAmount')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inv.lines.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text c="dimmed" size="sm" ta="center">
                          {t('invoice.noLines')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {inv.lines.map((l) => (
                    <Table.Tr key={l.line_no} data-testid="invoice-line" data-exempt={l.vat_exempt ? 'Y' : 'N'}>
                      <Table.Td style={{ textAlign: 'right' }}>{l.line_no}</Table.Td>
                      <Table.Td>{l.description}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatInteger(l.qty, i18n.language)}</Table.Td>
                      <Table.Td style={numeric}>{money(l.unit_price)}</Table.Td>
                      <Table.Td style={numeric} data-testid="invoice-line-supply">
                        {money(l.supply_amount)}
                      </Table.Td>
                      <Table.Td style={numeric} data-testid="invoice-line-vat">
                        {l.vat_exempt ? (
                          <Badge variant="light" color="gray" size="sm" data-testid="invoice-line-exempt">
                            {t('invoice.exempt')}
                          </Badge>
                        ) : (
                          money(l.vat_amount)
                        )}
                      </Table.Td>
                      <Table.Td style={numeric} data-testid="invoice-line-amount">
                        {money(l.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  {(
                    [
                      ['supply', t('invoice.supplyTotal'), inv.supply_total],
                      ['vat', t('invoice.vatTotal'), inv.vat_total],
                      ['total', t('invoice.total'), inv.amount],
                    ] as const
                  ).map(([key, label, amount]) => (
                    <Table.Tr key={key}>
                      <Table.Th colSpan={6} scope="row" style={{ textAlign: 'right' }}>
                        {label}
                      </Table.Th>
                      <Table.Td style={numeric} data-testid={key === 'total' ? 'invoice-lines-total' : `invoice-${key}-total`}>
                        <Text span size="sm" fw={key === 'total' ? 700 : undefined}>
                          {money(amount)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
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
