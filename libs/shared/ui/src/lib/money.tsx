import { formatMoney } from '@loan/shared-util-format';

export interface MoneyProps {
  value: number | string | null | undefined;
  className?: string;
}

/** An amount in ZMW through the one formatter (`ZMW 12,500.00`). */
export function Money({ value, className }: MoneyProps) {
  return <span className={className ?? 'tabular-nums'}>{formatMoney(value)}</span>;
}
