import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'link';

const styles: Record<Variant, string> = {
  primary:
    'inline-flex min-h-11 items-center justify-center rounded-md bg-yellow-700 px-5 py-2.5 text-base font-semibold text-white hover:bg-yellow-800 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  link: 'inline text-base font-medium text-yellow-800 underline underline-offset-2 hover:text-yellow-900 dark:text-yellow-400',
};

export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`${styles[variant]} focus:outline-none focus-visible:ring-2 focus-visible:ring-yellow-600 focus-visible:ring-offset-2 ${className}`}
      {...rest}
    />
  );
}
