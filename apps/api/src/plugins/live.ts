import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveHub } from '../modules/chat/live.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live streams (issue 33): `announce(people)` after a commit that gave them events. */
    live: LiveHub;
  }
}

/** Register after the database and Redis; the streams end when the app closes (their clients reconnect elsewhere). */
export default fp(
  async function live(app: FastifyInstance, opts: { heartbeatMs: number; pollMs: number; channel: string }) {
    const hub = new LiveHub(app.db, app.log, { ...opts, redis: app.redis });
    app.decorate('live', hub);
    await hub.start();
    app.addHook('preClose', async () => hub.close());
  },
  { name: 'live', decorators: { fastify: ['db'] } },
);
