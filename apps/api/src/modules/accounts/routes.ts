import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { publicOrigin } from '../../public-origin.ts';
import { route } from '../../route.ts';
import { sessionOf } from '../auth/session.ts';
import { toUser } from '../users/dto.ts';
import { accountLinks } from './links.ts';
import { changePassword, logOutEverywhere, requestPasswordReset, resendVerification, resetPassword, setLanguage, verifyEmail } from './service.ts';

/**
 * The account's own business: who am I, confirming the address, forgotten and changed
 * passwords, its language, and ending every session. None of it changes the public catalogue.
 */
export default async function accountRoutes(app: FastifyInstance, opts: { config: Pick<Config, 'publicUrl' | 'host' | 'port'> }) {
  const links = () => accountLinks(publicOrigin(app.server, opts.config));

  route(app, e.me, async ({ user }) => toUser(user));

  route(app, e.verificationEmail, async ({ user }) => {
    await resendVerification(app.db, user, links());
    app.jobs.nudge();
    return { message: `We sent a new link to ${user.email}.` };
  });

  route(app, e.verifyEmail, async ({ body }) => {
    const user = await verifyEmail(app.db, body.token);
    return { email: user.email, emailVerified: true as const };
  });

  route(app, e.forgotPassword, async ({ body }) => {
    await requestPasswordReset(app.db, body.email, links());
    app.jobs.nudge();
    return { message: `If ${body.email} has an account, we sent it a link to set a new password. It works once, for an hour.` };
  });

  route(app, e.resetPassword, async ({ body, request, reply }) => {
    const user = await resetPassword(app.db, body.token, body.password, links());
    app.jobs.nudge();
    await app.limiter.clear('login-email', user.email);
    return sessionOf(app, user, { request, reply });
  });

  route(app, e.changePassword, async ({ user, body, request, reply }) => {
    const changed = await changePassword(app.db, user, body, links());
    await app.limiter.clear('login-email', user.email);
    app.jobs.nudge();
    return sessionOf(app, changed, { request, reply });
  });

  route(app, e.setLanguage, async ({ user, body }) => toUser(await setLanguage(app.db, user, body.language)));

  route(app, e.logoutEverywhere, async ({ user }) => {
    await logOutEverywhere(app.db, user);
    return { loggedOut: true as const };
  });
}
