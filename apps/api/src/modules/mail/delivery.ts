import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import type { JobRun } from '../../jobs/worker.ts';
import { markNotSent, markSent, pendingMail } from './outbox.ts';

export interface Mailer {
  /** Mails go out over SMTP (else they wait in the outbox, where an Admin reads them). */
  smtp: boolean;
  /** The job of a mail (kind 'mail'): sends it once SMTP takes it; throws to be tried again after a back-off. */
  deliver(payload: { mailId: string }, run: JobRun): Promise<void>;
  close(): void;
}

/**
 * Sends the outbox's mails over SMTP with nodemailer, each by its job. A job may run again if its worker died
 * after SMTP took the mail but before it was marked sent: the mail then goes again with the same Message-ID,
 * which mail systems know as the same message.
 */
export function smtpMailer(opts: { db: Db; smtpUrl: string; from: string }): Mailer {
  // Bounded waits: a slow server must not hold a job for ever (the worker renews its lease meanwhile).
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'localhost';
  return {
    smtp: true,
    async deliver({ mailId }, { attempt }) {
      const mail = await pendingMail(opts.db, mailId);
      if (!mail) return;
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody ?? '',
          html: mail.htmlBody ?? undefined,
          messageId: `<${mail.id}@${domain}>`,
        });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        // After the last attempt the mail is failed for good and its job done.
        if (await markNotSent(opts.db, mail.id, attempt, message)) return;
        throw err;
      }
      await markSent(opts.db, mail.id, attempt);
    },
    close: () => transport.close(),
  };
}

/** No SMTP server: mails stay in the outbox, where an Admin reads them; their jobs have nothing to do. */
export const heldMailer = (): Mailer => ({ smtp: false, deliver: async () => {}, close: () => {} });
