import { NotFound } from '@loan/shared-ui';
import { useRouteTitle } from './route-handle';
import { useHome } from './use-home';

// The pages of a missing screen, page or permission: loaded when shown (pages.tsx), so the
// sign-in page's first load carries neither them nor the kit's state and icon components.

/** A declared route whose screen is not part of this build yet: says so, with a way back. */
export function NotAvailablePage() {
  const title = useRouteTitle();
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
  return <NotFound standalone backTo={home.to} backLabel="Go back home" />;
}
