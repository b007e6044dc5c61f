import { useSyncExternalStore } from 'react';
import { useAppSelector } from './shared-state.ts';
import { tokenClaims } from './token.ts';

const unchanging = () => () => {};
/**
 * False while React hydrates markup the server rendered (for a signed-out visitor: entry-server.tsx), true
 * in every render after it and in a page rendered in the browser: React renders again once hydrated.
 */
const useHydrated = () =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );

/** The signed-in user; the role is read from the token, as the spec asks. Signed out while the server's markup is hydrated, as it was drawn. */
export function useAuth() {
  const { user, token } = useAppSelector((s) => s.auth);
  const hydrated = useHydrated();
  const claims = tokenClaims(token);
  const signedIn = hydrated && Boolean(user && token && claims);
  return { user: signedIn ? user : null, token: signedIn ? token : null, role: signedIn ? (claims?.role ?? null) : null, signedIn };
}
