import { relative } from 'node:path';
import type { Config } from './config.ts';
import { demoAccounts } from './db/demo-accounts.ts';
import { isLoopbackHost } from './this-computer.ts';

/** What the start-up line needs to know beside the config. */
export interface Started {
  /** Where to open the app: publicOrigin(), the one place that says so. */
  origin: string;
  /** Where the server listens, as `host:port`. */
  listening: string;
  /** The embedded database's folder; unset: PostgreSQL at config.databaseUrl. */
  pgliteDir: string | undefined;
}

/** A PostgreSQL URL without its user and password: host, port and database only. */
function postgresName(url: string): string {
  const u = new URL(url);
  return `PostgreSQL ${u.host}${u.pathname}`;
}

/** A folder as `./data/db` when it is under the working directory, else in full. */
function shown(dir: string): string {
  const under = relative(process.cwd(), dir);
  return under && !under.startsWith('..') ? `./${under}` : dir;
}

/**
 * The one line for a person reading the terminal (every other line is a JSON log): where to open the
 * app, who can reach it, which database it uses, where mails go, and the demo's logins. English only,
 * like the logs: it is the operator's, not the visitors'.
 */
export function startLine(config: Pick<Config, 'host' | 'demo' | 'databaseUrl' | 'mail'>, started: Started): string {
  const parts = [`Resale Phones is running: open ${started.origin}`];
  if (isLoopbackHost(config.host)) {
    const why = config.demo ? 'DEMO is on, and the demo lists its logins to whoever asks' : `HOST=${config.host}`;
    parts.push(`listening on ${started.listening}, this computer only (${why}; set HOST=0.0.0.0 to let other machines in)`);
  } else {
    parts.push(`listening on ${started.listening}`);
  }
  parts.push(`database: ${started.pgliteDir ? `embedded PGlite in ${shown(started.pgliteDir)}` : postgresName(config.databaseUrl!)}`);
  if (!config.mail.smtpUrl) parts.push('mails (confirmation and reset links) wait in the Outbox: sign in as an Admin, Dashboard → Outbox');
  if (config.demo) parts.push(`demo logins: ${demoAccounts.map((a) => `${a.role} ${a.email} / ${a.password}`).join(', ')}`);
  return parts.join(' — ');
}
