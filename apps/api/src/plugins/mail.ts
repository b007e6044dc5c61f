import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailConfig } from '../config.ts';
import { heldDelivery, smtpDelivery, type MailDelivery } from '../modules/mail/delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's delivery: over SMTP when SMTP_URL is set, else mails wait in the outbox. */
    mailer: MailDelivery & { smtp: boolean };
  }
}

/** Register after the database is decorated; a route that enqueued a mail calls app.mailer.nudge() after committing. */
export default fp(
  async function mail(app: FastifyInstance, opts: { mail: MailConfig }) {
    const { smtpUrl, from, pollMs } = opts.mail;
    const delivery = smtpUrl ? smtpDelivery({ db: app.db, smtpUrl, from, log: app.log, pollMs }) : heldDelivery();
    app.decorate('mailer', Object.assign(delivery, { smtp: Boolean(smtpUrl) }));
    app.addHook('onClose', async () => delivery.close());
  },
  { name: 'mail' },
);
