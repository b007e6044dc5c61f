import { eq } from 'drizzle-orm';
import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, conflict, isUniqueViolation, unauthorized } from '../../errors.ts';
import type { SignInProvider } from './provider.ts';

export interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
  picture: string;
}

const Claims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  email_verified: z.union([z.literal(true), z.literal('true')]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
});

// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u001F\u007F]/g;

/**
 * Verifies an ID token against the provider's JWKS: RS256 signature, issuer, audience
 * (our client id), expiry, and a verified e-mail; only then is its profile trusted.
 */
export async function verifyIdToken(provider: SignInProvider, idToken: string): Promise<GoogleProfile> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, await provider.keys(), {
      issuer: provider.issuers(),
      audience: provider.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'iat', 'exp'],
      clockTolerance: 5,
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthorized('Your Google sign-in has expired, please try again');
    if (err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError)) throw new AppError(502, 'Google could not be reached, please try again');
    throw unauthorized('Your Google sign-in could not be verified');
  }
  const claims = Claims.safeParse(payload);
  if (!claims.success) throw unauthorized('Your Google sign-in did not include a usable e-mail address');
  const c = claims.data;
  // Several audiences: the token must have been issued to us (OpenID Connect Core 3.1.3.7).
  if (Array.isArray(c.aud) && c.aud.length > 1 && c.azp !== provider.clientId) throw unauthorized('Your Google sign-in could not be verified');
  if (!c.email_verified) throw unauthorized('Your Google e-mail address is not verified');
  const name = (c.name ?? '').replace(controls, '').trim().slice(0, 80) || c.email.split('@')[0]!.slice(0, 80);
  let picture = c.picture && /^https?:\/\/\S+$/.test(c.picture) && c.picture.length <= 2048 ? c.picture : '';
  // The local provider's avatars are served by this very process: kept as a path, they load from whichever address the browser uses.
  const own = provider.kind === 'local' ? new URL(provider.issuers()[0]!).origin : undefined;
  if (own && picture.startsWith(`${own}/`)) picture = picture.slice(own.length);
  return { sub: c.sub, email: c.email, name, picture };
}

/**
 * A new e-mail becomes a Buyer without a password (`google:<sub>`); an existing account
 * signs in with its own role. An e-mail already taken by another Google account is a 409.
 */
export async function signInWithGoogle(db: Db, profile: GoogleProfile): Promise<{ user: typeof users.$inferSelect; created: boolean }> {
  const providerId = `google:${profile.sub}`;
  for (let attempt = 0; ; attempt++) {
    const [bySubject] = await db.select().from(users).where(eq(users.providerId, providerId)).limit(1);
    if (bySubject) return { user: bySubject, created: false };
    const [byEmail] = await db.select().from(users).where(eq(users.email, profile.email)).limit(1);
    if (byEmail) {
      if (byEmail.providerId.startsWith('google:')) throw conflict('This e-mail address belongs to another Google account');
      return { user: byEmail, created: false };
    }
    try {
      const [user] = await db
        .insert(users)
        .values({ providerId, name: profile.name, email: profile.email, passwordHash: null, role: 'Buyer', userImg: profile.picture })
        .returning();
      return { user: user!, created: true };
    } catch (err) {
      // A simultaneous first sign-in created it: read it again, once.
      if (attempt === 0 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}
