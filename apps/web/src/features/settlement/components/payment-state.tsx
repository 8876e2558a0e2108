import { Badge, Group, Text } from '@mantine/core';
import type { TBuyInvoiceRow } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../money';

/** Spec §2: unpaid in bold red, paid in plain text. */
export function PaymentState({ state }: { state: 'Y' | 'N' }) {
  const { t } = useTranslation('common');
  return state === 'Y' ? (
    <Text span size="sm" data-testid="payment-state" data-paid="Y">
      {t('enums.paymentState.Y')}
    </Text>
  ) : (
    <Text span size="sm" fw={700} c="red.9" data-testid="payment-state" data-paid="N">
      {t('enums.paymentState.N')}
    </Text>
  );
}

/**
 * (issue 55) An invoice's balance, in text (never colour alone): paid in plain text; unpaid in bold red (spec
 * §2); partially paid in bold red with the amount still owed; "Overdue" beside either once the due date has
 * passed in the business time zone. Nothing still owed reads as paid.
 */
export function InvoiceBalance({
  row,
}: {
  row: Pick<TBuyInvoiceRow, 'balance_state' | 'outstanding_amount' | 'overdue' | 'currency_name' | 'currency_icon'>;
}) {
  const { t } = useTranslation(['settlement', 'common']);
  const paid = row.balance_state === 'paid';
  return (
    <Group gap={6} wrap="nowrap" data-testid="invoice-balance" data-balance={row.balance_state} data-overdue={row.overdue ? 'Y' : 'N'}>
      <Text
        span
        size="sm"
        fw={paid ? undefined : 700}
        c={paid ? undefined : 'red.9'}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="payment-state"
        data-paid={paid ? 'Y' : 'N'}
      >
        {t(`common:enums.balanceState.${row.balance_state}`)}
        {row.balance_state === 'partial' &&
          ` · ${t('balance.outstanding', { amount: `${row.currency_icon}${formatMoney(row.outstanding_amount, row.currency_name)}` })}`}
      </Text>
      {row.overdue && (
        <Badge color="red.9" variant="outline" size="sm" data-testid="invoice-overdue">
          {t('fields.overdue')}
        </Badge>
      )}
    </Group>
  );
}
