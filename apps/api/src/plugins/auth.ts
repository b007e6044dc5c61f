import { isUuid } from '@market/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { users } from '../db/schema.ts';

export type AuthUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    signToken(user: AuthUser): Promise<string>;
  }
  interface FastifyRequest {
    /** The signed-in user, re-read from the database on every request. */
    user: AuthUser | null;
    /** Why a presented token was not accepted, when one was. */
    authProblem: 'session_expired' | 'session_invalid' | 'account_gone' | 'session_ended' | 'account_suspended' | null;
  }
}

const TOKEN_LIFETIME = '7d';
// jose checks `exp` only when a token has one, and a token without it would never end: it is required.
const VERIFY = { algorithms: ['HS256'], requiredClaims: ['exp'] };

/** Reads `authorization: <token>` (the spec sends it raw) or `Bearer <token>`. */
export function tokenFrom(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:bearer\s+)?(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export default fp(async function auth(app: FastifyInstance, opts: { jwtSecret: string }) {
  const key = new TextEncoder().encode(opts.jwtSecret);

  app.decorate('signToken', (user: AuthUser) =>
    new SignJWT({ _id: user.id, email: user.email, role: user.role, sv: user.sessionVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(key),
  );

  app.decorateRequest('user', null);
  app.decorateRequest('authProblem', null);

  // A request without a token (most of them: every visitor's) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = tokenFrom(request.headers.authorization);
    if (!token) return done();
    signIn(request, token).then(() => done(), done);
  });

  /** Sets request.user from a token, or request.authProblem saying why not. */
  async function signIn(request: FastifyRequest, token: string) {
    let id: unknown;
    let version: unknown;
    try {
      const { payload } = await jwtVerify(token, key, VERIFY);
      id = payload._id;
      version = payload.sv;
    } catch {
      request.authProblem = 'session_expired';
      return;
    }
    if (typeof id !== 'string' || !isUuid(id)) {
      request.authProblem = 'session_invalid';
      return;
    }
    const [user] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) request.authProblem = 'account_gone';
    // Log out everywhere, a password change or a reset raised the version: older tokens are over.
    else if (version !== user.sessionVersion) request.authProblem = 'session_ended';
    // Suspending also raises the version; this holds even for a token signed in the same instant.
    else if (user.suspendedAt) request.authProblem = 'account_suspended';
    else request.user = user;
  }
});
