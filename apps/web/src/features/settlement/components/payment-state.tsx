import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
