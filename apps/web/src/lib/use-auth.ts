import { useAppSelector } from './shared-state.ts';
import { tokenClaims } from './token.ts';

/** The signed-in user; the role is read from the token, as the spec asks. */
export function useAuth() {
  const { user, token } = useAppSelector((s) => s.auth);
  const claims = tokenClaims(token);
  const signedIn = Boolean(user && token && claims);
  return { user: signedIn ? user : null, token: signedIn ? token : null, role: signedIn ? (claims?.role ?? null) : null, signedIn };
}
