/** The document title after a navigation: '{title} - Portal', or 'Portal' (spec §1). */
export function pageTitle(title?: string | null): string {
  const t = title?.trim();
  return t ? `${t} - Portal` : 'Portal';
}
