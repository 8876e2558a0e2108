import { Text, VisuallyHidden } from '@mantine/core';
import { formatAmount } from '../../../lib/format';

/** An amount with its currency icon and thousands separators; decimals fixed when given. */
export function Money(props: { amount: string; icon: string; currency: string; decimals?: number; strong?: boolean }) {
  return (
    <Text span size="sm" fw={props.strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }} title={props.currency}>
      <span aria-hidden>{props.icon}</span>
      <VisuallyHidden>{props.currency}</VisuallyHidden> {formatAmount(props.amount, { decimals: props.decimals })}
    </Text>
  );
}

/** A cover thumbnail (served by our own server); decorative beside the title. */
export function Cover({ src }: { src: string }) {
  return src ? <img src={src} alt="" width={26} height={37} loading="lazy" style={{ display: 'block', borderRadius: 2 }} /> : null;
}

/** Prices: no minor unit shown for KRW and JPY, two decimals otherwise. */
export const priceDecimals = (currency: string) => (currency === 'KRW' || currency === 'JPY' ? 0 : 2);
