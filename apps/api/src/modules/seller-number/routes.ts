import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { route } from '../../route.ts';
import { confirmMyNumber, sendNumberCode } from './service.ts';

/** A seller's mobile number, confirmed by an SMS code (issue 36, decision 062). */
export default async function sellerNumberRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'jwtSecret'> }) {
  const secret = config.jwtSecret;
  route(app, e.sendNumberCode, async ({ user, body }) => {
    const sent = await sendNumberCode(app.db, secret, user, body.number);
    // The SMS goes now.
    app.jobs.nudge();
    return sent;
  });
  route(app, e.confirmMyNumber, async ({ user, body }) => {
    const confirmed = await confirmMyNumber(app.db, secret, user, body.code);
    // The saved searches hear of the listings that went live.
    app.jobs.nudge();
    return confirmed;
  });
}
