import { BRAND, Logo } from './logo';

export interface FooterProps {
  /** Defaults to the current year. */
  year?: number;
  poweredBy?: string;
  poweredByHref?: string;
}

/** The footer (spec §2): the year, a powered-by credit and a logo. */
export function Footer({ year = new Date().getFullYear(), poweredBy = BRAND.name, poweredByHref }: FooterProps) {
  return (
    <footer className="flex flex-col items-center justify-between gap-2 border-t border-gray-200 px-4 py-4 text-sm text-gray-600 sm:flex-row dark:border-slate-800 dark:text-gray-400">
      <p>
        © {year}, Powered by{' '}
        {poweredByHref ? (
          <a href={poweredByHref} className="font-medium text-blue-700 hover:underline dark:text-blue-300" target="_blank" rel="noreferrer">
            {poweredBy}
          </a>
        ) : (
          <span className="font-medium text-gray-800 dark:text-gray-200">{poweredBy}</span>
        )}
      </p>
      <Logo />
    </footer>
  );
}
