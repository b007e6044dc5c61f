import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { smsGateway, type SmsGateway } from '../modules/sms/gateway.ts';
import smsSandbox, { sandboxSmsAccount } from '../modules/sms/sandbox.ts';
import { ownOrigin } from '../public-origin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway (issue 32): the configured one, or its local stand-in; undefined: messages wait in the SMS outbox. */
    sms: SmsGateway | undefined;
  }
}

/** Register after the database: the gateway the sms job sends through, and the stand-in's route when it is on. */
export default fp(
  async function sms(app: FastifyInstance, { config }: { config: Config }) {
    const { sms } = config;
    if (sms.provider === 'gateway')
      app.decorate(
        'sms',
        smsGateway(() => sms),
      );
    else if (sms.provider === 'sandbox') {
      app.decorate('sms', smsGateway(sandboxSmsAccount(config.jwtSecret, () => ownOrigin(app.server, config))));
      await app.register(smsSandbox, { secret: config.jwtSecret });
    } else app.decorate('sms', undefined);
  },
  { name: 'sms', decorators: { fastify: ['db'] } },
);
