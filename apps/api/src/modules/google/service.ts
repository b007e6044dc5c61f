import { defaultLang, type Lang } from '@market/contract';
import { and, eq, sql } from 'drizzle-orm';
import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema.ts';
import { appError, conflict, forbidden, isUniqueViolation, unauthorized } from '../../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { googleLinkedMail } from '../mail/templates.ts';
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
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
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
    if (err instanceof errors.JWTExpired) throw unauthorized('google_sign_in_expired');
    if (err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError)) throw appError(502, 'google_unreachable');
    throw unauthorized('google_sign_in_unverified');
  }
  const claims = Claims.safeParse(payload);
  if (!claims.success) throw unauthorized('google_no_email');
  const c = claims.data;
  // Several audiences: the token must have been issued to us (OpenID Connect Core 3.1.3.7).
  if (Array.isArray(c.aud) && c.aud.length > 1 && c.azp !== provider.clientId) throw unauthorized('google_sign_in_unverified');
  if (c.email_verified !== true && c.email_verified !== 'true') throw unauthorized('google_email_unverified');
  const name = (c.name ?? '').replace(controls, '').trim().slice(0, 80) || c.email.split('@')[0]!.slice(0, 80);
  return { sub: c.sub, email: c.email, name, picture: pictureOf(provider, c.picture) };
}

/**
 * The provider's picture, only from where that provider keeps pictures: Google's own picture
 * host, or the local stand-in's avatars (served by this very process, kept as a path so they
 * load from whichever address the browser uses). Anything else is dropped.
 */
function pictureOf(provider: SignInProvider, picture: string | undefined): string {
  if (!picture || picture.length > 2048) return '';
  let url: URL;
  try {
    url = new URL(picture);
  } catch {
    return '';
  }
  if (provider.kind === 'local') {
    const own = new URL(provider.issuers()[0]!);
    return url.origin === own.origin && url.pathname === `${own.pathname}/avatar.svg` ? `${url.pathname}${url.search}` : '';
  }
  return url.protocol === 'https:' && GOOGLE_PICTURE_HOST.test(url.hostname) ? url.href : '';
}

/** Where Google serves profile pictures (the CSP allows images from there while a Google client is configured). */
export const GOOGLE_PICTURE_HOST = /^([a-z0-9-]+\.)*googleusercontent\.com$/;

/** The identities table's provider key of the local stand-in (real providers are keyed by their issuer). */
export const LOCAL_OIDC_PROVIDER = 'local-oidc';

export interface IdentitySource {
  /** The issuer of a real provider, or LOCAL_OIDC_PROVIDER. */
  provider: string;
  /** The local stand-in: whoever uses it may claim any address, so it only ever reaches accounts it made. */
  standIn: boolean;
}

export type SignInOutcome = { user: User; created: boolean; linked: boolean };
type User = typeof users.$inferSelect;

const adminRefused = () => forbidden('admin_password_only');

/**
 * Google sign-in by the rules of account linking. The identity is found by the provider's
 * subject, never by e-mail. A new identity:
 * - with an address nobody has: a new Buyer, the address confirmed (the provider said so);
 * - with an address of an existing account: linked to it only if that account's address is
 *   confirmed (so nobody who merely signed up with someone else's address ends up sharing
 *   the owner's account) and it is not an Admin's.
 * The local stand-in never links: it enters only the password-less Buyer accounts it created.
 */
/** `language`: the page's, for a new account (an existing one keeps its own). */
export async function signInWithGoogle(db: Db, source: IdentitySource, profile: GoogleProfile, language: Lang = defaultLang): Promise<SignInOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => signInOnce(tx, source, profile, language));
    } catch (err) {
      // A simultaneous first sign-in created the account or the identity: look again, once.
      if (attempt === 0 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

async function signInOnce(db: Db, source: IdentitySource, profile: GoogleProfile, language: Lang): Promise<SignInOutcome> {
  const [identity] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, source.provider), eq(userIdentities.subject, profile.sub)))
    .limit(1);
  if (identity) {
    const { user } = identity;
    if (user.role === 'Admin') throw adminRefused();
    if (source.standIn && (user.role !== 'Buyer' || user.passwordHash)) throw forbidden('test_provider_own_accounts_only');
    return { user, created: false, linked: false };
  }

  const [owner] = await db.select().from(users).where(eq(users.email, profile.email)).limit(1).for('update');
  if (owner) {
    // A simultaneous first sign-in of this same Google account may have made the account and its identity
    // since the look-up above: then this is a sign-in with that identity, not a link to another account.
    const [same] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, source.provider), eq(userIdentities.subject, profile.sub)))
      .limit(1);
    if (same) return signInOnce(db, source, profile, language);
    if (source.standIn) throw conflict('test_provider_email_taken');
    if (owner.role === 'Admin') throw adminRefused();
    if (!owner.emailVerifiedAt) {
      throw conflict('google_email_unconfirmed');
    }
    const [other] = await db
      .select({ subject: userIdentities.subject })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, owner.id), eq(userIdentities.provider, source.provider)))
      .limit(1);
    if (other) throw conflict('google_other_account');
    await db.insert(userIdentities).values({ provider: source.provider, subject: profile.sub, userId: owner.id, email: profile.email });
    await enqueueMail(db, googleLinkedMail(owner, profile.email));
    return { user: owner, created: false, linked: true };
  }

  const [user] = await db
    .insert(users)
    .values({
      providerId: `google:${profile.sub}`,
      name: profile.name,
      email: profile.email,
      passwordHash: null,
      role: 'Buyer',
      userImg: profile.picture,
      emailVerifiedAt: sql`now()`,
      language,
    })
    .returning();
  await db.insert(userIdentities).values({ provider: source.provider, subject: profile.sub, userId: user!.id, email: profile.email });
  return { user: user!, created: true, linked: false };
}
