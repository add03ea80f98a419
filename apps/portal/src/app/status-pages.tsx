import { useMatches } from 'react-router-dom';
import { NotFound } from '@loan/shared-ui';
import type { RouteHandle } from './route-handle';
import { useHome } from './use-home';

// The pages of a missing screen, page or permission: loaded when shown (pages.tsx), so the
// sign-in page's first load carries neither them nor the kit's state and icon components.

function currentTitle(matches: ReturnType<typeof useMatches>): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h?.title) return h.title;
  }
  return undefined;
}

/** A declared route whose screen is not part of this build yet: says so, with a way back. */
export function NotAvailablePage() {
  const title = currentTitle(useMatches());
  return (
    <NotFound
      code="Soon"
      title="Not available yet"
      message={`${title ? `The ${title} screen` : 'This screen'} is not part of this version of the portal.`}
      backTo="/dashboard"
      backLabel="Back to dashboard"
    />
  );
}

/** The signed-in user lacks the permission the screen needs. */
export function ForbiddenPage() {
  return (
    <NotFound
      code="403"
      title="No access"
      message="Your role does not include this part of the portal. Ask an administrator if you need it."
      backTo="/profile"
      backLabel="Go to my profile"
    />
  );
}

export function UnknownRoutePage() {
  const home = useHome();
  return <NotFound backTo={home.to} backLabel="Go back home" />;
}
