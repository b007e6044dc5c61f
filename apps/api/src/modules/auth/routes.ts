import { AuthResult, DemoAccount, LoginBody, SignUpBody, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AbuseLimits } from '../../config.ts';
import { demoAccounts } from '../../db/demo-accounts.ts';
import { notFound } from '../../errors.ts';
import { toUser } from '../users/dto.ts';
import { logIn, signUp } from './service.ts';

const routes: FastifyPluginAsyncZod<{ demo: boolean; limits: AbuseLimits }> = async (app, opts) => {
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
      schema: { tags: ['accounts'], summary: 'Sign up as a Buyer or Seller', body: SignUpBody, response: { 201: ok(AuthResult) } },
      // A preHandler runs after the body is validated: a bad body is a 400 and counts for nothing.
      preHandler: async (request, reply) => {
        await limiter.take(reply, 'signup-ip', request.ip, limits.signUpPerIp, (wait) => `Too many sign-ups from this address, try again in ${wait}`);
        await limiter.take(reply, 'signup-email', request.body.email, limits.signUpPerEmail, (wait) => `Too many sign-up attempts for this e-mail, try again in ${wait}`);
      },
    },
    async (request, reply) => reply.status(201).send(await authResult(await signUp(app.db, request.body))),
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
