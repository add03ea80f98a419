import type { ReactNode } from 'react';
import { BRAND, Logo } from '@loan/shared-ui';

/** The frame of the public pages: a plain header, the content, a short footer. Mobile first. */
export function BorrowerLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3">
          <Logo size={32} />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
        {children}
      </main>
      <footer className="mx-auto max-w-3xl px-4 pb-8 text-xs text-slate-500 dark:text-slate-400">
        © {new Date().getFullYear()} {BRAND.name} · Amounts in Zambian kwacha (ZMW)
      </footer>
    </div>
  );
}
