import { cx } from './cx';

export interface SkeletonProps {
  /** Number of lines. */
  lines?: number;
  className?: string;
  label?: string;
}

/** Placeholder shapes while data loads; announced once as busy. */
export function Skeleton({ lines = 3, className, label = 'Loading...' }: SkeletonProps) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={cx('space-y-2', className)}>
      {Array.from({ length: lines }, (_, i) => (
        <div
          key={i}
          className="h-4 animate-pulse rounded bg-gray-200 dark:bg-slate-700"
          style={{ width: `${100 - ((i * 17) % 40)}%` }}
        />
      ))}
    </div>
  );
}
