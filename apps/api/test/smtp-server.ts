import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

export const SMTP_USER = 'user';
export const SMTP_PASS = 'pass';
export const MAIL_FROM = 'Resale Phones <no-reply@resale.test>';

/** One message as the SMTP server received it: who logged in, the envelope, and the parsed mail. */
export interface ReceivedMail {
  /** The user the client authenticated as (the server refuses mail without a good user and password). */
  user: string | undefined;
  envelopeFrom: string | undefined;
  envelopeTo: string[];
  mail: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Logins the server refused (a wrong user or password). */
  refusedLogins: number;
  /** The messages received for `to` (envelope recipient). */
  to(address: string): ReceivedMail[];
  /**
   * Holds back the acceptance of the messages that arrive from now on until `count` of them wait, then
   * accepts them all (and holds no more): a sender whose connections are all waiting here cannot send
   * more, so `count` waiting at once proves that several senders were sending at the same moment.
   */
  holdUntil(count: number): void;
  /** Waits until `count` messages for `to` have arrived, and answers them. */
  waitFor(address: string, count?: number, timeout?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** The SMTP URL the app is configured with for a server on `port`. */
export const smtpUrl = (port: number) => `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`;

/**
 * A real SMTP server on 127.0.0.1:`port` that requires a login (no TLS: STARTTLS is off and
 * plain-text AUTH allowed), keeps every message it accepts, parsed with mailparser; with
 * `acceptDelayMs`, it says so that much later.
 */
export async function startSmtpServer(port: number, opts: { acceptDelayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusedLogins = 0;
  let held: { count: number; waiting: (() => void)[] } | undefined;
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 2_000,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
      refusedLogins++;
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const from = session.envelope.mailFrom;
          received.push({
            user: session.user,
            envelopeFrom: from ? from.address : undefined,
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          // A slow server: the message is here, its acceptance not yet told (a client that dies now never knows).
          const accept = () => setTimeout(callback, opts.acceptDelayMs ?? 0);
          if (!held) return accept();
          held.waiting.push(accept);
          if (held.waiting.length < held.count) return;
          const release = held.waiting;
          held = undefined;
          for (const go of release) go();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A failed connection must not crash the test process.
  server.on('error', () => {});
  const to = (address: string) => received.filter((r) => r.envelopeTo.includes(address));
  return {
    port,
    url: smtpUrl(port),
    received,
    get refusedLogins() {
      return refusedLogins;
    },
    to,
    holdUntil(count) {
      held = { count, waiting: [] };
    },
    async waitFor(address, count = 1, timeout = 15_000) {
      await vi.waitFor(
        () => {
          if (to(address).length < count) throw new Error(`${to(address).length} of ${count} mails to ${address} arrived`);
        },
        { timeout, interval: 25 },
      );
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
