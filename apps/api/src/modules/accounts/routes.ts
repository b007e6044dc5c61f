import { AuthResult, ChangePasswordBody, EmailVerified, ForgotPasswordBody, LoggedOutEverywhere, MailAccepted, ResetPasswordBody, User, VerifyEmailBody, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AbuseLimits, Config } from '../../config.ts';
import { unauthorized } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { publicOrigin } from '../../public-origin.ts';
import { toUser } from '../users/dto.ts';
import { accountLinks } from './links.ts';
import { changePassword, logOutEverywhere, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from './service.ts';

/**
 * The account's own business: who am I, confirming the address, forgotten and changed
 * passwords, and ending every session. None of it changes the public catalogue.
 */
const routes: FastifyPluginAsyncZod<{ limits: AbuseLimits; config: Pick<Config, 'publicUrl' | 'host' | 'port'> }> = async (app, opts) => {
  const { limits } = opts;
  const tags = ['accounts'];
  const config = { keepsPublicCache: true };
  const links = () => accountLinks(publicOrigin(app.server, opts.config));
  /** The access table let only signed-in callers through. */
  const me = (user: AuthUser | null) => {
    if (!user) throw unauthorized();
    return user;
  };
  const session = async (user: AuthUser) => ({ success: true as const, data: { user: toUser(user), token: await app.signToken(user) } });

  app.get('/api/me', { schema: { tags, summary: 'The signed-in user, as stored now', response: { 200: ok(User) } } }, async (request) => ({
    success: true as const,
    data: toUser(me(request.user)),
  }));

  app.post(
    '/api/verification-email',
    {
      config,
      schema: { tags, summary: 'Send the confirmation link to my address again', response: { 202: ok(MailAccepted) } },
      preHandler: async (request, reply) =>
        app.limiter.take(reply, 'verify-mail-user', me(request.user).id, limits.verifyMailPerUser, (wait) => `You have asked for several links already: try again in ${wait}`),
    },
    async (request, reply) => {
      const user = me(request.user);
      await resendVerification(app.db, user, links());
      app.mailer.nudge();
      return reply.status(202).send({ success: true as const, data: { message: `We sent a new link to ${user.email}.` } });
    },
  );

  app.post(
    '/api/verify-email',
    // Not limited: the code has 256 random bits and checking it is one indexed UPDATE.
    { config, schema: { tags, summary: 'Confirm an e-mail address with the code from the link we sent', body: VerifyEmailBody, response: { 200: ok(EmailVerified) } } },
    async (request) => {
      const user = await verifyEmail(app.db, request.body.token);
      return { success: true as const, data: { email: user.email, emailVerified: true as const } };
    },
  );

  app.post(
    '/api/forgot-password',
    {
      config,
      schema: { tags, summary: 'Mail a link to set a new password (the answer is the same whether or not the address has an account)', body: ForgotPasswordBody, response: { 202: ok(MailAccepted) } },
      preHandler: async (request, reply) => {
        await app.limiter.take(reply, 'reset-ip', request.ip, limits.resetPerIp, (wait) => `Too many password resets from this address, try again in ${wait}`);
        await app.limiter.take(reply, 'reset-email', request.body.email, limits.resetPerEmail, (wait) => `Too many password resets for this e-mail, try again in ${wait}`);
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, request.body.email, links());
      app.mailer.nudge();
      const message = `If ${request.body.email} has an account, we sent it a link to set a new password. It works once, for an hour.`;
      return reply.status(202).send({ success: true as const, data: { message } });
    },
  );

  app.post(
    '/api/reset-password',
    {
      config,
      schema: { tags, summary: 'Set a new password with the code from the reset link; every other session ends', body: ResetPasswordBody, response: { 200: ok(AuthResult) } },
      preHandler: async (request, reply) =>
        app.limiter.take(reply, 'reset-use-ip', request.ip, limits.resetPerIp, (wait) => `Too many password resets from this address, try again in ${wait}`),
    },
    async (request) => {
      const user = await resetPassword(app.db, request.body.token, request.body.password, links());
      app.mailer.nudge();
      await app.limiter.clear('login-email', user.email);
      return session(user);
    },
  );

  app.post(
    '/api/change-password',
    {
      config,
      schema: { tags, summary: 'Change my password (the current one first); every other session ends', body: ChangePasswordBody, response: { 200: ok(AuthResult) } },
      // A wrong current password counts as a failed login for the address: a stolen session cannot guess it freely.
      preHandler: async (request, reply) =>
        app.limiter.take(reply, 'login-email', me(request.user).email, limits.loginFailuresPerEmail, (wait) => `Too many wrong passwords for this account, try again in ${wait}`),
    },
    async (request) => {
      const current = me(request.user);
      const user = await changePassword(app.db, current, request.body, links());
      await app.limiter.clear('login-email', current.email);
      app.mailer.nudge();
      return session(user);
    },
  );

  app.post(
    '/api/logout-everywhere',
    { config, schema: { tags, summary: 'End every session of my account, this one included', response: { 200: ok(LoggedOutEverywhere) } } },
    async (request) => {
      await logOutEverywhere(app.db, me(request.user));
      return { success: true as const, data: { loggedOut: true as const } };
    },
  );
};

export default routes;
