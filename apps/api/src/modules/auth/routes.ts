import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { demoAccounts } from '../../db/demo-accounts.ts';
import { notFound } from '../../errors.ts';
import { publicOrigin } from '../../public-origin.ts';
import { route } from '../../route.ts';
import { accountLinks } from '../accounts/links.ts';
import { sessionOf } from './session.ts';
import { logIn, signUp } from './service.ts';

export default async function authRoutes(app: FastifyInstance, opts: { demo: boolean; config: Pick<Config, 'publicUrl' | 'host' | 'port'> }) {
  route(app, e.signUp, async ({ body }) => {
    await signUp(app.db, body, accountLinks(publicOrigin(app.server, opts.config)));
    app.jobs.nudge();
    return { email: body.email, message: `Check your e-mail: we sent a message to ${body.email} to continue.` };
  });

  route(app, e.logIn, async ({ body, request, reply }) => {
    const user = await logIn(app.db, body);
    // The failures counted for this e-mail are forgotten on success (decision 010).
    await app.limiter.clear('login-email', body.email);
    return sessionOf(app, user, { request, reply });
  });

  route(app, e.demoAccounts, async () => {
    if (!opts.demo) throw notFound('Demo accounts');
    return demoAccounts.map(({ role, email, password }) => ({ role, email, password }));
  });
}
