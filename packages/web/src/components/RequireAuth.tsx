import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../hooks/useAuth';

/** Location state carried to /login so the user returns where they came from (SPEC §2 /login). */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Guards protected routes (SPEC §2, §6): without a user, redirects to /login remembering the current location;
 * otherwise renders `children` or the nested route.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ? <>{children}</> : <Outlet />;
}
