import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps the text of every mail it accepts, for scripts that
 * drive the product as people do (a sign-up's verification link arrives by mail). No login, no TLS.
 */
export interface MailCatcher {
  port: number;
  /** The code of the newest `/verify-email` or `/reset-password` link mailed to `to`, waiting for it up to `timeoutMs`. */
  linkToken(to: string, page: 'verify-email' | 'reset-password', timeoutMs?: number): Promise<string | undefined>;
  close(): Promise<void>;
}

export async function startMailCatcher(port: number): Promise<MailCatcher> {
  const texts = new Map<string, string[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const to of session.envelope.rcptTo) texts.set(to.address, [...(texts.get(to.address) ?? []), mail.text ?? '']);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  return {
    port,
    async linkToken(to, page, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const pattern = new RegExp(`/${page}\\?token=([\\w-]{43})`);
      for (;;) {
        const found = (texts.get(to) ?? [])
          .map((text) => pattern.exec(text)?.[1])
          .filter(Boolean)
          .at(-1);
        if (found || Date.now() > deadline) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
