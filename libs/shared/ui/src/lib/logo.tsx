export interface LogoProps {
  size?: number;
  label?: string;
}

/** The product mark: a coin with a rising line, then the name. */
export function Logo({ size = 28, label = 'Loan Portal' }: LogoProps) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-gray-800 dark:text-gray-100">
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={`${label} logo`}>
        <circle cx="16" cy="16" r="15" fill="#ca8a04" />
        <path d="M8 21l5-5 4 3 7-8" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{label}</span>
    </span>
  );
}
