import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { repeatRounds } from '../../rounds.ts';
import { claimDue, markFailed, markSent } from './outbox.ts';

export interface MailDelivery {
  /** Delivers what is due now; answers how many mails were tried. */
  deliverDue(): Promise<number>;
  /** Asks for a delivery round soon (after a request put a mail in the outbox). */
  nudge(): void;
  close(): Promise<void>;
}

/** How often the outbox is looked at when nothing nudges it (mails retried after a failure, other instances' mails). */
const POLL_MS = 5_000;

/**
 * The outbox worker of this process: claims due mails and sends them over SMTP with
 * nodemailer. Several processes may run one each; the claim keeps them off each other's mails.
 */
export function smtpDelivery(opts: { db: Db; smtpUrl: string; from: string; log: FastifyBaseLogger; pollMs?: number | undefined }): MailDelivery {
  // Bounded waits: a slow server must not hold a claimed batch past its lease (outbox.ts).
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });

  async function round(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await claimDue(opts.db);
      if (batch.length === 0) return tried;
      tried += batch.length;
      for (const mail of batch) {
        try {
          await transport.sendMail({ from: opts.from, to: mail.toAddress, subject: mail.subject, text: mail.textBody ?? '', html: mail.htmlBody ?? undefined });
          await markSent(opts.db, mail);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          opts.log.warn({ err: message, mail: mail.id, attempt: mail.attempts }, 'mail not delivered; it stays in the outbox');
          await markFailed(opts.db, mail, message);
        }
      }
    }
  }

  const rounds = repeatRounds(round, { pollMs: opts.pollMs ?? POLL_MS, log: opts.log, what: 'outbox delivery' });
  return {
    deliverDue: rounds.run,
    nudge: rounds.nudge,
    async close() {
      await rounds.close();
      transport.close();
    },
  };
}

/** No SMTP server: mails stay in the outbox, where an Admin reads them. */
export const heldDelivery = (): MailDelivery => ({
  deliverDue: async () => 0,
  nudge: () => {},
  close: async () => {},
});
