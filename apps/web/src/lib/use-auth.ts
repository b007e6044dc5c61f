import { useAppSelector } from './shared-state.ts';
import { tokenClaims } from './token.ts';
import { useHydrated } from './use-hydrated.ts';

/** The signed-in user; the role is read from the token, as the spec asks. Signed out while the server's markup is hydrated, as it was drawn. */
export function useAuth() {
  const { user, token } = useAppSelector((s) => s.auth);
  const hydrated = useHydrated();
  const claims = tokenClaims(token);
  const signedIn = hydrated && Boolean(user && token && claims);
  return { user: signedIn ? user : null, token: signedIn ? token : null, role: signedIn ? (claims?.role ?? null) : null, signedIn };
}
