import { cx } from '@loan/shared-ui';

/**
 * A placeholder bar exactly one text line high, so a card keeps its height while its
 * figures load (no jump when they arrive). `line` is the Tailwind text size it stands for.
 */
export function Pulse({ line, width = 'w-24' }: { line: 'sm' | 'lg' | '2xl' | 'xs'; width?: string }) {
  const h = { xs: 'h-4', sm: 'h-5', lg: 'h-7', '2xl': 'h-8' }[line];
  return (
    <span aria-hidden="true" className={cx('flex items-center', h)}>
      <span className={cx('block h-[70%] animate-pulse rounded bg-gray-200 dark:bg-slate-700', width)} />
    </span>
  );
}
