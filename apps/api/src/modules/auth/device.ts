import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDevices } from '../../db/schema.ts';

/*
 * Which browser a person signs in from (issue 34, decision 059): each browser gets a random `device` cookie at its first
 * sign-in and keeps it (HttpOnly: no script reads it; not a credential: it opens nothing). The database keeps its
 * SHA-256 per account, so two accounts signed in from one browser can be told apart from two people: the price guide
 * leaves their deals with each other out.
 */

export const DEVICE_COOKIE = 'device';
/** 256 random bits, base64url: what the server gives; any other value is not ours and is replaced. */
const shape = /^[A-Za-z0-9_-]{43}$/;
/** About 400 days, as long as browsers keep a cookie. */
const MAX_AGE_S = 400 * 86_400;

/** The browser's device cookie, if it holds one of ours. */
export function deviceCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && shape.test(value.join('='))) return value.join('=');
  }
  return undefined;
}

export const deviceHash = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

/**
 * At a sign-in: the browser's device (given one when it has none of ours) is recorded for the account, its last
 * sign-in time renewed, and the cookie sent again (its lifetime starts anew). Secure when the request came over HTTPS
 * (directly or through the trusted proxy).
 */
export async function rememberDevice(db: Db, userId: string, request: FastifyRequest, reply: FastifyReply) {
  const cookie = deviceCookie(request.headers.cookie) ?? randomBytes(32).toString('base64url');
  await db
    .insert(userDevices)
    .values({ userId, device: deviceHash(cookie) })
    .onConflictDoUpdate({ target: [userDevices.userId, userDevices.device], set: { lastSeen: sql`now()` } });
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header('set-cookie', `${DEVICE_COOKIE}=${cookie}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`);
}
