import { useSelector } from 'react-redux';
import { selectAuthenticated } from '@loan/shared-session';
import type { RootState } from './store';

/** Where "home" is: the dashboard when signed in, else the sign-in page. */
export function useHome(): { to: string; label: string } {
  const authenticated = useSelector((s: RootState) => selectAuthenticated(s));
  return authenticated ? { to: '/dashboard', label: 'Back to dashboard' } : { to: '/login', label: 'Go to sign in' };
}
