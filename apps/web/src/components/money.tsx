import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { usePhoneWidth } from '../lib/use-phone-width';
import type { ReactNode } from 'react';
import { formatAmount } from '../lib/format';

/** An amount with its currency icon and thousands separators: the currency's minor unit (formatMoney), or decimals when given. */
export function Money(props: { amount: string; icon: string; currency: string; decimals?: number; strong?: boolean }) {
  return (
    <Text span size="sm" fw={props.strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }} title={props.currency}>
      <span aria-hidden>{props.icon}</span>
      <VisuallyHidden>{props.currency}</VisuallyHidden> {formatAmount(props.amount, { decimals: props.decimals, currency: props.currency })}
    </Text>
  );
}

/**
 * Prices: no minor unit shown for KRW and JPY, two decimals otherwise; given the amount, a KRW or
 * JPY amount that does have a fraction keeps its two decimals (never rounded away).
 */
export const priceDecimals = (currency: string, amount?: string) =>
  (currency === 'KRW' || currency === 'JPY') && (amount === undefined || /^-?\d+(\.0+)?$/.test(amount)) ? 0 : 2;

/** One line of a totals footer: a label and an exact amount (decimal string) in one currency. */
export interface TotalLine {
  key: string;
  label: ReactNode;
  amount: string;
  currency: string;
  icon: string;
  testId?: string;
}

/**
 * Per-currency totals under a list table (spec §9: totals show 2 decimals): one row per line, the
 * label right-aligned over the columns before the amount column, the amount under that column.
 * Below 768 px (the sidebar's drawer breakpoint) the wide table scrolls sideways and those cells sit
 * off screen, so each line is one cell across the table: the label, and the amount under it, at
 * the left edge (kept in view while the table scrolls).
 */
export function TotalsFooter(props: { lines: TotalLine[]; columnCount: number; amountColumn: number; testId?: string }) {
  const { lines, columnCount, amountColumn } = props;
  const narrow = usePhoneWidth();
  if (lines.length === 0) return null;
  const after = columnCount - amountColumn - 1;
  if (narrow)
    return (
      <Table.Tfoot data-testid={props.testId} data-layout="narrow">
        {lines.map((x) => (
          <Table.Tr key={x.key} data-testid={x.testId}>
            <Table.Td colSpan={columnCount}>
              <Stack gap={0} align="flex-start" style={{ position: 'sticky', left: 0, width: 'fit-content' }}>
                <Text span size="sm" fw={700}>
                  {x.label}
                </Text>
                <Money amount={x.amount} icon={x.icon} currency={x.currency} decimals={2} strong />
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tfoot>
    );
  return (
    <Table.Tfoot data-testid={props.testId}>
      {lines.map((x) => (
        <Table.Tr key={x.key} data-testid={x.testId}>
          <Table.Th colSpan={amountColumn} scope="row" style={{ textAlign: 'right' }}>
            {x.label}
          </Table.Th>
          <Table.Td style={{ textAlign: 'right' }}>
            <Money amount={x.amount} icon={x.icon} currency={x.currency} decimals={2} strong />
          </Table.Td>
          {after > 0 && <Table.Td colSpan={after} />}
        </Table.Tr>
      ))}
    </Table.Tfoot>
  );
}
