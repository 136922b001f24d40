import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../BootstrapContext';
import { loginUrl } from '../api/csrf';

/** Sends anonymous visitors to the login page, remembering where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) {
    return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  }
  return children;
}
