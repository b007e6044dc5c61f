import type { Role } from '@market/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/use-auth.ts';

/** Signed-in only (user and a valid token); otherwise to /login, remembering where the user was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { signedIn } = useAuth();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" state={{ from: location }} replace />;
  return children;
}

/** A page of another role sends the user to /. The role comes from the token. A page of several roles names them all. */
export function RequireRole({ role, children }: { role: Role | readonly Role[]; children: ReactNode }) {
  const auth = useAuth();
  const allowed: readonly Role[] = typeof role === 'string' ? [role] : role;
  if (!auth.role || !allowed.includes(auth.role)) return <Navigate to="/" replace />;
  return children;
}
