import type { Role } from '@market/contract';

interface Claims {
  _id?: string;
  email?: string;
  role?: Role;
  exp?: number;
}

/** Reads the token's claims (not its signature: the server checks that); null when unreadable or expired. */
export function tokenClaims(token: string | null): Claims | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as Claims;
    if (claims.exp && claims.exp * 1000 < Date.now()) return null;
    return claims;
  } catch {
    return null;
  }
}
