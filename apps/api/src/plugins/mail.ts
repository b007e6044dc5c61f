import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailConfig } from '../config.ts';
import { heldMailer, smtpMailer, type Mailer } from '../modules/mail/delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender: over SMTP when SMTP_URL is set, else mails wait in the outbox. Its jobs run on app.jobs. */
    mailer: Mailer;
  }
}

/** Register after the database is decorated; a route that enqueued a mail calls app.jobs.nudge() after committing. */
export default fp(
  async function mail(app: FastifyInstance, opts: { mail: MailConfig }) {
    const { smtpUrl, from } = opts.mail;
    const mailer = smtpUrl ? smtpMailer({ db: app.db, smtpUrl, from }) : heldMailer();
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
