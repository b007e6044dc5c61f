import { AuthResult, DemoAccount, LoginBody, SignUpAccepted, SignUpBody, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AbuseLimits, Config } from '../../config.ts';
import { demoAccounts } from '../../db/demo-accounts.ts';
import { notFound } from '../../errors.ts';
import { publicOrigin } from '../../public-origin.ts';
import { accountLinks } from '../accounts/links.ts';
import { toUser } from '../users/dto.ts';
import { logIn, signUp } from './service.ts';

const routes: FastifyPluginAsyncZod<{ demo: boolean; limits: AbuseLimits; config: Pick<Config, 'publicUrl' | 'host' | 'port'> }> = async (app, opts) => {
  const { limits } = opts;
  const { limiter } = app;

  const authResult = async (user: Parameters<typeof toUser>[0]) => ({
    success: true as const,
    data: { user: toUser(user), token: await app.signToken(user) },
  });

  app.post(
    '/api/user',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['accounts'],
        summary: 'Sign up as a Buyer or Seller: a verification link goes to the e-mail (the answer is the same if it already has an account); then log in',
        body: SignUpBody,
        response: { 202: ok(SignUpAccepted) },
      },
      // A preHandler runs after the body is validated: a bad body is a 400 and counts for nothing.
      preHandler: async (request, reply) => {
        await limiter.take(reply, 'signup-ip', request.ip, limits.signUpPerIp, (wait) => `Too many sign-ups from this address, try again in ${wait}`);
        await limiter.take(reply, 'signup-email', request.body.email, limits.signUpPerEmail, (wait) => `Too many sign-up attempts for this e-mail, try again in ${wait}`);
      },
    },
    async (request, reply) => {
      await signUp(app.db, request.body, accountLinks(publicOrigin(app.server, opts.config)));
      app.mailer.nudge();
      const message = `Check your e-mail: we sent a message to ${request.body.email} to continue.`;
      return reply.status(202).send({ success: true as const, data: { email: request.body.email, message } });
    },
  );

  app.post(
    '/api/login',
    {
      config: { keepsPublicCache: true },
      schema: { tags: ['accounts'], summary: 'Log in with e-mail and password', body: LoginBody, response: { 200: ok(AuthResult) } },
      preHandler: async (request, reply) => {
        await limiter.take(reply, 'login-ip', request.ip, limits.loginPerIp, (wait) => `Too many login attempts from this address, try again in ${wait}`);
        // Counted before the password is checked (parallel guesses cannot slip past), forgotten on success:
        // what remains are the failures.
        await limiter.take(reply, 'login-email', request.body.email, limits.loginFailuresPerEmail, (wait) => `Too many failed logins for this e-mail, try again in ${wait}`);
      },
    },
    async (request) => {
      const user = await logIn(app.db, request.body);
      await limiter.clear('login-email', request.body.email);
      return authResult(user);
    },
  );

  app.get(
    '/api/demo-accounts',
    { schema: { tags: ['accounts'], summary: 'Demo logins (only while DEMO is on)', response: { 200: ok(z.array(DemoAccount)) } } },
    async () => {
      if (!opts.demo) throw notFound('Demo accounts');
      return { success: true as const, data: demoAccounts.map(({ role, email, password }) => ({ role, email, password })) };
    },
  );
};

export default routes;
