import type { ReactNode } from 'react';
import { Logo } from '@loan/shared-ui';

/** The centred card the sign-in and password screens share. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-100 px-3 py-8 dark:bg-slate-950">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Logo size={36} />
        </div>
        <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-800">
          <h1 className="mb-4 text-xl font-semibold text-gray-900 dark:text-gray-100">{title}</h1>
          {children}
        </section>
        {footer && <div className="mt-4 text-center text-sm text-gray-600 dark:text-gray-300">{footer}</div>}
      </div>
    </main>
  );
}
