import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { callRoute } from '../../test/call-route.ts';

const ctx = useTestApp();

/** Signed with the server's own key: only the `_id` claim is wrong. */
const signedWithId = (id: string) =>
  new SignJWT({ _id: id, role: 'Admin' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(ctx.config.jwtSecret));

// Found by the fuzz test: 36 characters of hex digits and dashes passed the old check and reached
// PostgreSQL as a malformed uuid: a 400 "cannot be stored" on every route, a non-JSON 500 on the
// Google callback (whose 400 answer is an HTML page).
describe('a token whose _id is not a UUID', () => {
  it.each(['-'.repeat(36), 'a'.repeat(36), '0123456789abcdef0123456789abcdef----', '0123456789ab-cdef-0123-4567-89abcdef'])(
    '%s is an invalid session, not a database error',
    async (id) => {
      const token = await signedWithId(id);

      const guarded = await callRoute(ctx.app, 'adminOverview', { token });
      expect(guarded.status).toBe(401);
      expect(guarded.body).toEqual({
        success: false,
        message: 'Your session is invalid, please log in again',
        massage: 'Your session is invalid, please log in again',
        code: 'session_invalid',
        requestId: guarded.headers['x-request-id'],
      });

      // A route open to anyone serves the caller as anonymous.
      const open = await callRoute(ctx.app, 'demoAccounts', { token });
      expect(open.status).toBe(200);

      // The sign-in popup's callback answers with its own page, never a 500.
      const callback = await callRoute(ctx.app, 'googleCallback', { token });
      expect(callback.status).toBe(400);
      expect(callback.headers['content-type']).toMatch(/^text\/html/);
    },
  );
});
