import { formatAmount, formatMoney } from '@loan/shared-util-format';

export interface MoneyProps {
  value: number | string | null | undefined;
  className?: string;
  /** The amount alone (`12,500.00`), where the table or its caption names the currency once. */
  bare?: boolean;
}

/** An amount in ZMW through the one formatter (`ZMW 12,500.00`; `12,500.00` when bare). */
export function Money({ value, className, bare = false }: MoneyProps) {
  return <span className={className ?? 'tabular-nums'}>{bare ? formatAmount(value) : formatMoney(value)}</span>;
}
