import { AuthResult, DemoAccount, LoginBody, SignUpBody, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoAccounts } from '../../db/demo-accounts.ts';
import { notFound } from '../../errors.ts';
import { toUser } from '../users/dto.ts';
import { logIn, signUp } from './service.ts';

const routes: FastifyPluginAsyncZod<{ demo: boolean }> = async (app, opts) => {
  const authResult = async (user: Parameters<typeof toUser>[0]) => ({
    success: true as const,
    data: { user: toUser(user), token: await app.signToken(user) },
  });

  app.post(
    '/api/user',
    { schema: { tags: ['accounts'], summary: 'Sign up as a Buyer or Seller', body: SignUpBody, response: { 201: ok(AuthResult) } } },
    async (request, reply) => reply.status(201).send(await authResult(await signUp(app.db, request.body))),
  );

  app.post(
    '/api/login',
    {
      schema: { tags: ['accounts'], summary: 'Log in with e-mail and password', body: LoginBody, response: { 200: ok(AuthResult) } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => authResult(await logIn(app.db, request.body)),
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
