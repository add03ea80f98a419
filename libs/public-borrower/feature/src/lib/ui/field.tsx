import { useId, type ReactElement, cloneElement } from 'react';

interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  /** The input, select or textarea; it gets the id and aria attributes. */
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled control with its hint and its error right below it, read out by screen readers. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: `${inputClass} ${error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'}`,
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-yellow-600 dark:bg-slate-900 dark:text-slate-100 dark:[color-scheme:dark]';
