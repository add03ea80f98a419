/**
 * The one brand of the product (issue 18): its name and mark, used by the portal (top bar,
 * side menu, footer, sign-in card) and the borrower app alike. Change it here only.
 */
export const BRAND = { name: 'Loan Portal', color: '#ca8a04' } as const;

export interface LogoProps {
  size?: number;
  label?: string;
}

/** The product mark: a coin with a rising line, then the name. */
export function Logo({ size = 28, label = BRAND.name }: LogoProps) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-gray-800 dark:text-gray-100">
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={`${label} logo`}>
        <circle cx="16" cy="16" r="15" fill={BRAND.color} />
        <path d="M8 21l5-5 4 3 7-8" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{label}</span>
    </span>
  );
}
