import { useEffect, useRef, useState } from 'react';

/** Spec §9: the count-up runs 500 ms and steps every 25 ms. */
export const COUNT_UP_DURATION_MS = 500;
export const COUNT_UP_STEP_MS = 25;

export interface CountUpProps {
  value: number;
  /** Formats each displayed value (e.g. formatMoney); default: whole numbers with separators. */
  format?: (n: number) => string;
  className?: string;
}

const defaultFormat = (n: number) => Math.round(n).toLocaleString('en-US');

/** Counts from the previous value to `value` in 20 steps of 25 ms. */
export function CountUp({ value, format = defaultFormat, className }: CountUpProps) {
  const target = Number.isFinite(value) ? value : 0;
  const [shown, setShown] = useState(0);
  const from = useRef(0);

  useEffect(() => {
    const start = from.current;
    const steps = COUNT_UP_DURATION_MS / COUNT_UP_STEP_MS;
    let step = 0;
    const id = setInterval(() => {
      step += 1;
      const next = step >= steps ? target : start + ((target - start) * step) / steps;
      from.current = next;
      setShown(next);
      if (step >= steps) clearInterval(id);
    }, COUNT_UP_STEP_MS);
    return () => clearInterval(id);
  }, [target]);

  return (
    <span className={className ?? 'tabular-nums'} aria-label={format(target)}>
      {format(shown)}
    </span>
  );
}
