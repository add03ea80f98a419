import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { hasValidSession, selectAuthenticated } from '@loan/shared-session';
import type { RootState } from './store';

/**
 * Spec §2: a route needing authentication sends a visitor to / when the session has no
 * authenticated flag (or its persisted state expired).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useSelector((s: RootState) => selectAuthenticated(s));
  if (!authenticated || !hasValidSession()) return <Navigate to="/" replace />;
  return children;
}
