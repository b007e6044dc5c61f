import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { DurationTimerName, FeeTerms, LimitName } from '@market/contract';
import { z } from 'zod';
import { keptFile } from './kept-file.ts';
import { KNOWN_PUSH_SERVICES, vapidKeysIn, type VapidKeys } from './modules/chat/vapid.ts';
import { makePrivateDir } from './private-files.ts';
import { isLoopbackHost } from './this-computer.ts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const toMs = (amount: string, unit: string) => Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
/** An abuse limit written as attempts per window: `20/1m`, `10/15m`, `5/1h`, `100/1d`, `3/500ms`. */
const limit = z
  .string()
  .regex(/^[1-9]\d*\/[1-9]\d*(ms|s|m|h|d)$/, { error: 'must be attempts per window, like 20/1m (window in ms, s, m, h or d)' })
  .transform((v): Limit => {
    const [, max, amount, unit] = /^(\d+)\/(\d+)(ms|s|m|h|d)$/.exec(v)!;
    return { max: Number(max), windowMs: toMs(amount!, unit!) };
  });
/** A duration in the given units (`ms|s|m`), written like `example` (`30s`, `500ms`, `2m`), in ms. */
const durationIn = (units: string, example: string) => {
  const pattern = new RegExp(`^([1-9]\\d*)(${units})$`);
  return z
    .string()
    .regex(pattern, {
      error: `must be a duration, like ${example} (in ${units
        .split('|')
        .join(', ')
        .replace(/, (\w+)$/, ' or $1')})`,
    })
    .transform((v) => {
      const [, amount, unit] = pattern.exec(v)!;
      return toMs(amount!, unit!);
    });
};
const duration = durationIn('ms|s|m', '30s');
/** A deal's time (a timer): hours and days too. */
const period = durationIn('ms|s|m|h|d', '3d');

/** The site's fee unless FEE_PERCENT and FEE_MINIMUM say otherwise (the demo's deals are booked under these). */
export const DEFAULT_FEES: FeeTerms = { percent: 3, minimum: 30 };

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 while DEMO is on (the demo lists its Admin's password to whoever asks), else 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  DEMO: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The address browsers reach this server at (for OpenID Connect redirects); unset: taken from each request. */
  PUBLIC_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  GOOGLE_ISSUER: z.url({ error: 'must be an http(s) URL' }).default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { error: 'must be a Stripe secret key (sk_...)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, { error: 'must be a Stripe publishable key (pk_...)' }).optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { error: 'must be a Stripe webhook secret (whsec_...)' })
    .optional(),
  /** Where the Stripe SDK sends its calls; only tests point it elsewhere. */
  STRIPE_API_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  /** Shared counters (and whatever else several instances must share); unset: each process keeps its own. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** Every Redis key this app writes starts with it: instances of one deployment share it, anything else sharing the Redis does not. */
  REDIS_PREFIX: z.string().min(1).default('market:'),
  /** Pictures in an S3-compatible store (the AWS SDK); unset: on the disk under DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(3).optional(),
  /** The store's address for anything but AWS itself (MinIO, Ceph, R2…): http(s)://host:port. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key), as most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: flag.optional(),
  /** GET /metrics needs it as a bearer token; without it only this machine may read them, and only when no proxy is trusted. */
  METRICS_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  /** Which proxies' X-Forwarded-For to believe for the client address: a hop count, or the proxies' addresses/CIDRs separated by commas. */
  TRUST_PROXY: z
    .string()
    .refine((v) => !['true', 'yes', 'on'].includes(v.toLowerCase()), {
      error:
        'must not be true: that would believe the left-most X-Forwarded-For address, which the client writes itself, so every per-address limit could be dodged; give the number of proxies in front of this server (e.g. 1) or their addresses',
    })
    .refine((v) => /^(false|no|off|\d+|[\w.:/,\s-]+)$/i.test(v), { error: "must be a hop count or the proxies' addresses" })
    .optional(),
  /** The whole request, body included, must arrive within this; a slower client gets a 408. */
  REQUEST_TIMEOUT: duration.prefault('30s'),
  /** The headers must arrive within this (capped at REQUEST_TIMEOUT). */
  HEADERS_TIMEOUT: duration.prefault('10s'),
  /** An idle kept-alive connection is closed after this: longer than load balancers keep theirs (often 60 s), or they may send on a closing one. */
  KEEP_ALIVE_TIMEOUT: duration.prefault('72s'),
  /** A connection on which nothing moves either way for this long is closed. */
  IDLE_TIMEOUT: duration.prefault('2m'),
  /** The local OpenID Connect stand-in for Google; default: on while DEMO is on. Never served while a Google client is configured. */
  LOCAL_OIDC: flag.optional(),
  /** bKash Tokenized Checkout (all five together); its base URL ends with the API version, e.g. https://tokenized.pay.bka.sh/v1.2.0-beta. */
  BKASH_BASE_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  BKASH_APP_KEY: z.string().min(1).optional(),
  BKASH_APP_SECRET: z.string().min(1).optional(),
  BKASH_USERNAME: z.string().min(1).optional(),
  BKASH_PASSWORD: z.string().min(1).optional(),
  /** The local stand-in for bKash (demos and tests), served by this process under /bkash-sandbox: never on with bKash keys. */
  BKASH_SANDBOX: flag.optional(),
  /**
   * Issue 32: a Bangladeshi bulk-SMS gateway's HTTP API (the kind BD merchants use: an API token, a sender id, numbers
   * as 8801…, a unique id per message). Unset: text messages wait in the SMS outbox, readable by Admins.
   */
  SMS_API_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  SMS_API_TOKEN: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).max(20).optional(),
  /** The gateway's local stand-in in this process (tests, demos): never with a gateway's keys. */
  SMS_SANDBOX: flag.default(false),
  /** Issue 32: the least a payout pays, in taka (a seller's weekly payout waits until their balance reaches it). */
  PAYOUT_MINIMUM: z.coerce
    .number({ error: 'must be a whole number of taka' })
    .int({ error: 'must be a whole number of taka' })
    .min(1)
    .max(1_000_000)
    .default(500),
  /**
   * Issue 36 (decision 061): the risk signals' thresholds. Live listings a seller without a completed sale may have
   * before the next one waits for a check; how many bits of 64 two photos' perceptual hashes may differ by and still
   * be one photo ("fewer than"; at most 5, what the hash index finds every time); the share of the price guide's
   * median below which a price waits for a check; the hours a check usually takes (what a held listing's seller reads).
   */
  RISK_NEW_SELLER_LISTINGS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(1000).default(3),
  RISK_PHOTO_BITS: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1, { error: 'must be between 1 and 5' })
    .max(5, { error: 'must be between 1 and 5' })
    .default(5),
  RISK_PRICE_PERCENT: z.coerce.number({ error: 'must be a whole number of percent' }).int().min(1).max(100).default(60),
  CHECK_HOURS: z.coerce.number({ error: 'must be a whole number of hours' }).int().min(1).max(168).default(4),
  /** Issue 36 (decision 062): a seller's new listing waits until they confirm a mobile number by an SMS code. */
  RISK_CONFIRMED_NUMBER: flag.default(true),
  /** Outgoing mail: smtp://user:pass@host:587 or smtps://…; unset: mails wait in the outbox, readable by Admins. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Resale Phones <no-reply@resale.local>'),
  /** How long a job stays its worker's without a renewal (the worker renews it every third of this while the job runs). */
  JOBS_LEASE: duration.prefault('30s').refine((ms) => ms >= 3000, { error: 'must be at least 3s' }),
  /** Issue 31: how long a seller has to answer a booking before it expires (the deal's answer timer). */
  BOOKING_EXPIRES_AFTER: period.prefault('3d'),
  /** Issue 31: how long a buyer may complain after a protected handover before the deal completes (the window timer). */
  COMPLAINT_WINDOW: period.prefault('24h'),
  /** Issue 32: the site's fee on a protected sale, in percent of the price (up to two decimals), and its least amount in taka. */
  FEE_PERCENT: z.coerce
    .number({ error: 'must be a number of percent, like 3 or 2.5' })
    .min(0, { error: 'must be between 0 and 50' })
    .max(50, { error: 'must be between 0 and 50' })
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, { error: 'may have at most two decimals' })
    .default(DEFAULT_FEES.percent),
  FEE_MINIMUM: z.coerce
    .number({ error: 'must be a whole number of taka' })
    .int({ error: 'must be a whole number of taka' })
    .min(0)
    .max(100_000)
    .default(DEFAULT_FEES.minimum),
  LIMIT_LOGIN_PER_IP: limit.prefault('20/1m'),
  LIMIT_LOGIN_FAILURES_PER_EMAIL: limit.prefault('10/15m'),
  LIMIT_SIGNUP_PER_IP: limit.prefault('10/10m'),
  LIMIT_SIGNUP_PER_EMAIL: limit.prefault('5/1h'),
  LIMIT_RESET_PER_IP: limit.prefault('10/1h'),
  LIMIT_RESET_PER_EMAIL: limit.prefault('3/1h'),
  LIMIT_VERIFY_MAIL_PER_USER: limit.prefault('5/1h'),
  LIMIT_UPLOADS_PER_IP: limit.prefault('30/1m'),
  LIMIT_UPLOADS_PER_IP_DAY: limit.prefault('100/1d'),
  LIMIT_GOOGLE_PER_IP: limit.prefault('30/1m'),
  LIMIT_CARD_ATTEMPTS_PER_IP: limit.prefault('20/1h'),
  LIMIT_CARD_ATTEMPTS_PER_BUYER: limit.prefault('10/1h'),
  LIMIT_PAYMENT_INTENTS_PER_BUYER: limit.prefault('30/1h'),
  LIMIT_LISTING_WRITES_PER_SELLER: limit.prefault('30/1h'),
  /** Words a listing may bring that no available listing holds yet (decision 038). */
  LIMIT_NEW_WORDS_PER_LISTING: z.coerce.number().int().min(1).max(10_000).default(40),
  /** How long a search may spend finding what its words mean before it takes the rest as typed (decision 038). */
  SEARCH_WORDS_BUDGET: duration.prefault('200ms'),
  LIMIT_BOOKINGS_PER_BUYER: limit.prefault('10/1h'),
  LIMIT_PAYOUT_METHOD_PER_USER: limit.prefault('5/1h'),
  LIMIT_SMS_CODES_PER_NUMBER: limit.prefault('3/1h'),
  LIMIT_NUMBER_CODES_PER_USER: limit.prefault('5/1h'),
  LIMIT_MESSAGES_PER_USER: limit.prefault('30/1m'),
  LIMIT_FIRST_MESSAGES_PER_NEW_ACCOUNT: limit.prefault('5/1h'),
  /** An account younger than this many days starts few conversations an hour (issue 33). */
  CHAT_NEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** The live streams (issue 33): a heartbeat line this often; a look for events nobody announced this often. */
  LIVE_HEARTBEAT: duration.prefault('20s'),
  LIVE_POLL: duration.prefault('2s'),
  /** Where Web Push may send (comma-separated origins, `https://*.host` for subdomains): the browsers' push services by default. */
  PUSH_SERVICES: z.string().optional(),
  /** Who the push services can reach about our pushes (VAPID's `sub`): a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, { error: 'must be a mailto: or https:// address' })
    .default('mailto:hello@resalephones.example'),
});

/** Every environment variable the app reads: a server a test starts gets none of them from the one who runs the tests. */
export const envVariables = Object.keys(EnvSchema.shape) as (keyof z.infer<typeof EnvSchema>)[];

export type PaymentsConfig =
  { provider: 'sandbox' } | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined };

/** bKash Tokenized Checkout: the real one (keys), the local stand-in (demos and tests), or none. */
export type BkashConfig =
  { provider: 'bkash'; baseUrl: string; appKey: string; appSecret: string; username: string; password: string } | { provider: 'sandbox' } | { provider: 'off' };

/** Where text messages go: a gateway, its local stand-in, or nowhere (the SMS outbox, for Admins). */
export type SmsConfig = { provider: 'gateway'; url: string; token: string; senderId: string } | { provider: 'sandbox' } | { provider: 'outbox' };

export interface Limit {
  max: number;
  windowMs: number;
}

/** Fixed windows; see docs/decisions/010-abuse-limits.md. Its keys are the contract's LimitName. */
export interface AbuseLimits extends Record<LimitName, Limit> {
  /** Every login attempt with a valid body, per client address. */
  loginPerIp: Limit;
  /** Failed logins per e-mail (a successful login clears them), from any address. */
  loginFailuresPerEmail: Limit;
  /** Every sign-up attempt with a valid body, per client address. */
  signUpPerIp: Limit;
  /** Every sign-up attempt with a valid body, per e-mail. */
  signUpPerEmail: Limit;
  /** Password-reset requests per client address, and per e-mail from any address. */
  resetPerIp: Limit;
  resetPerEmail: Limit;
  /** Verification mails a signed-in user may ask to be sent again. */
  verifyMailPerUser: Limit;
  /** Picture uploads per client address: a short window against bursts, a day against filling the disk. */
  uploadsPerIp: Limit;
  uploadsPerIpDay: Limit;
  /** Google sign-ins (POST /api/google-user) per client address. */
  googlePerIp: Limit;
  /** Card confirmations in the payment sandbox, across all intents, per client address and per buyer. */
  cardAttemptsPerIp: Limit;
  cardAttemptsPerBuyer: Limit;
  /** Payment intents a buyer may create (each one is a fresh chance at a card). */
  paymentIntentsPerBuyer: Limit;
  /** Listings a seller may add or change (each write is words for the search vocabulary, decision 038). */
  listingWritesPerSeller: Limit;
  /** Bookings a buyer may make (issue 29: booking to harvest sellers' numbers). */
  bookingsPerBuyer: Limit;
  /** Changes of a seller's payout method (each bKash one sends an SMS code), per account (issue 32). */
  payoutMethodPerUser: Limit;
  /** SMS codes sent to one number, from any account (issue 32). */
  smsCodesPerNumber: Limit;
  /** Codes a seller asks for to confirm a mobile number, to any numbers (issue 36). */
  numberCodesPerUser: Limit;
  /** Messages a person sends (issue 33). */
  messagesPerUser: Limit;
  /** Conversations a new account (CHAT_NEW_ACCOUNT_DAYS) starts (issue 33). */
  firstMessagesPerNewAccount: Limit;
}

/** Node's HTTP server timeouts, in milliseconds. */
export interface Timeouts {
  request: number;
  headers: number;
  keepAlive: number;
  idle: number;
}

export interface MailConfig {
  /** Unset: mails stay in the outbox, where an Admin can read them. */
  smtpUrl: string | undefined;
  from: string;
}

export interface GoogleConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** How long each of a deal's timers runs, in ms. */
export type DealTimerDurations = Record<DurationTimerName, number>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  /** Unset: the embedded PGlite database stored in dataDir. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  demo: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Where the built web app lives; served with history fallback when present. */
  webDist: string;
  /** The web app's server render (apps/web/src/entry-server.tsx, built into dist-ssr): the public pages' markup. */
  webRender: string;
  publicUrl: string | undefined;
  /** Unset: Google sign-in goes to the local OpenID Connect stand-in, if that is on. */
  google: GoogleConfig | undefined;
  /** The local OpenID Connect stand-in for Google (demos and tests only): never on while `google` is set. */
  localOidc: boolean;
  mail: MailConfig;
  timeouts: Timeouts;
  payments: PaymentsConfig;
  bkash: BkashConfig;
  /** Unset: counters live in each process. */
  redisUrl: string | undefined;
  redisPrefix: string;
  /** Fastify's trustProxy: whose X-Forwarded-For gives request.ip (false: the socket's address). Never `true`. */
  trustProxy: false | number | string;
  limits: AbuseLimits;
  /** Unset: pictures on the disk (uploadsDir). */
  s3: S3Config | undefined;
  /** The bearer token GET /metrics asks for (unset: loopback callers only, and none while a proxy is trusted). */
  metricsToken: string | undefined;
  /** The durable job queue's worker in this process. */
  jobs: { leaseMs: number };
  /** The deal's timers (packages/contract/src/deal.ts `dealTimers`): how long each runs. */
  dealTimers: DealTimerDurations;
  /** The site's fee on a protected sale (issue 32): fixed on each deal when it is booked. */
  fees: FeeTerms;
  /** Text messages (issue 32): one-time codes confirming a payout number. */
  sms: SmsConfig;
  /** Conversations (issue 33): the live streams, Web Push (its VAPID keys kept in dataDir, where it may send) and new accounts' days. */
  chat: {
    heartbeatMs: number;
    pollMs: number;
    newAccountDays: number;
    pushServices: string[];
    vapid: VapidKeys;
    vapidSubject: string;
    /** A certificate authority the push services' TLS is checked against instead of the usual ones (the tests' local push service). */
    pushCa?: string;
  };
  /** Payouts to sellers (issue 32): the least one pays, in taka. */
  payouts: { minimum: number };
  /** Issue 36 (decision 061): the risk signals' thresholds, and the hours a check usually takes. */
  risk: { newSellerListings: number; photoBits: number; pricePercent: number; checkHours: number; confirmedNumber: boolean };
  /** Decision 038: words a listing may bring that the vocabulary lacks; time a search may spend on its words' meanings. */
  search: { newWordsPerListing: number; wordsBudgetMs: number };
  /** Phones per file of the sitemap (default 10,000: 20,000 addresses with the Bangla ones; tests set a few). */
  sitemapPageSize?: number;
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together');
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL needs PUBLIC_URL, the address people reach this server at: the links in real mails must open there');
  }
  if (e.GOOGLE_CLIENT_ID && e.LOCAL_OIDC === true) {
    throw new ConfigError('Invalid configuration: LOCAL_OIDC cannot be on while GOOGLE_CLIENT_ID is set (the stand-in only replaces a missing Google client)');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid configuration: S3_ENDPOINT and S3 keys need S3_BUCKET, the bucket the pictures go to');
  }
  const bkashKeys = [e.BKASH_BASE_URL, e.BKASH_APP_KEY, e.BKASH_APP_SECRET, e.BKASH_USERNAME, e.BKASH_PASSWORD];
  if (bkashKeys.some(Boolean) && !bkashKeys.every(Boolean)) {
    throw new ConfigError('Invalid configuration: BKASH_BASE_URL, BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD go together');
  }
  const smsKeys = [e.SMS_API_URL, e.SMS_API_TOKEN, e.SMS_SENDER_ID];
  if (smsKeys.some(Boolean) && !smsKeys.every(Boolean))
    throw new ConfigError('Invalid configuration: SMS_API_URL, SMS_API_TOKEN and SMS_SENDER_ID go together');
  if (e.SMS_API_URL && e.SMS_SANDBOX) throw new ConfigError('Invalid configuration: SMS_SANDBOX cannot be on while an SMS gateway is set');
  if (e.BKASH_APP_KEY && e.BKASH_SANDBOX === true) {
    throw new ConfigError('Invalid configuration: BKASH_SANDBOX cannot be on while bKash keys are set (the stand-in only replaces a missing bKash account)');
  }
  const dataDir = resolve(e.DATA_DIR);
  makePrivateDir(dataDir);
  return {
    port: e.PORT,
    host: e.HOST ?? (e.DEMO ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? keptSecret(dataDir),
    demo: e.DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(import.meta.dirname, '../../web/dist'),
    webRender: resolve(import.meta.dirname, '../../web/dist-ssr/entry-server.js'),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    localOidc: !e.GOOGLE_CLIENT_ID && (e.LOCAL_OIDC ?? e.DEMO),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    timeouts: { request: e.REQUEST_TIMEOUT, headers: Math.min(e.HEADERS_TIMEOUT, e.REQUEST_TIMEOUT), keepAlive: e.KEEP_ALIVE_TIMEOUT, idle: e.IDLE_TIMEOUT },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: 'sandbox' },
    bkash:
      e.BKASH_BASE_URL && e.BKASH_APP_KEY && e.BKASH_APP_SECRET && e.BKASH_USERNAME && e.BKASH_PASSWORD
        ? {
            provider: 'bkash',
            baseUrl: e.BKASH_BASE_URL.replace(/\/$/, ''),
            appKey: e.BKASH_APP_KEY,
            appSecret: e.BKASH_APP_SECRET,
            username: e.BKASH_USERNAME,
            password: e.BKASH_PASSWORD,
          }
        : (e.BKASH_SANDBOX ?? e.DEMO)
          ? { provider: 'sandbox' }
          : { provider: 'off' },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: trustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    jobs: { leaseMs: e.JOBS_LEASE },
    dealTimers: { answer: e.BOOKING_EXPIRES_AFTER, window: e.COMPLAINT_WINDOW },
    fees: { percent: e.FEE_PERCENT, minimum: e.FEE_MINIMUM },
    sms:
      e.SMS_API_URL && e.SMS_API_TOKEN && e.SMS_SENDER_ID
        ? { provider: 'gateway', url: e.SMS_API_URL.replace(/\/$/, ''), token: e.SMS_API_TOKEN, senderId: e.SMS_SENDER_ID }
        : e.SMS_SANDBOX
          ? { provider: 'sandbox' }
          : { provider: 'outbox' },
    payouts: { minimum: e.PAYOUT_MINIMUM },
    risk: {
      newSellerListings: e.RISK_NEW_SELLER_LISTINGS,
      photoBits: e.RISK_PHOTO_BITS,
      pricePercent: e.RISK_PRICE_PERCENT,
      checkHours: e.CHECK_HOURS,
      confirmedNumber: e.RISK_CONFIRMED_NUMBER,
    },
    chat: {
      heartbeatMs: e.LIVE_HEARTBEAT,
      pollMs: e.LIVE_POLL,
      newAccountDays: e.CHAT_NEW_ACCOUNT_DAYS,
      pushServices: e.PUSH_SERVICES
        ? e.PUSH_SERVICES.split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : KNOWN_PUSH_SERVICES,
      vapid: vapidKeysIn(dataDir),
      vapidSubject: e.VAPID_SUBJECT,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
    limits: {
      loginPerIp: e.LIMIT_LOGIN_PER_IP,
      loginFailuresPerEmail: e.LIMIT_LOGIN_FAILURES_PER_EMAIL,
      signUpPerIp: e.LIMIT_SIGNUP_PER_IP,
      signUpPerEmail: e.LIMIT_SIGNUP_PER_EMAIL,
      resetPerIp: e.LIMIT_RESET_PER_IP,
      resetPerEmail: e.LIMIT_RESET_PER_EMAIL,
      verifyMailPerUser: e.LIMIT_VERIFY_MAIL_PER_USER,
      uploadsPerIp: e.LIMIT_UPLOADS_PER_IP,
      uploadsPerIpDay: e.LIMIT_UPLOADS_PER_IP_DAY,
      googlePerIp: e.LIMIT_GOOGLE_PER_IP,
      cardAttemptsPerIp: e.LIMIT_CARD_ATTEMPTS_PER_IP,
      cardAttemptsPerBuyer: e.LIMIT_CARD_ATTEMPTS_PER_BUYER,
      paymentIntentsPerBuyer: e.LIMIT_PAYMENT_INTENTS_PER_BUYER,
      listingWritesPerSeller: e.LIMIT_LISTING_WRITES_PER_SELLER,
      bookingsPerBuyer: e.LIMIT_BOOKINGS_PER_BUYER,
      payoutMethodPerUser: e.LIMIT_PAYOUT_METHOD_PER_USER,
      smsCodesPerNumber: e.LIMIT_SMS_CODES_PER_NUMBER,
      numberCodesPerUser: e.LIMIT_NUMBER_CODES_PER_USER,
      messagesPerUser: e.LIMIT_MESSAGES_PER_USER,
      firstMessagesPerNewAccount: e.LIMIT_FIRST_MESSAGES_PER_NEW_ACCOUNT,
    },
    search: { newWordsPerListing: e.LIMIT_NEW_WORDS_PER_LISTING, wordsBudgetMs: e.SEARCH_WORDS_BUDGET },
  };
}

/**
 * What start-up warns about, loudly: settings that are valid but unsafe together. A hop count believes
 * the last X-Forwarded-For entries, which only a proxy should write; listening beyond loopback lets
 * anyone who reaches the port directly write them too, and so dodge every per-address limit.
 */
export function unsafeSettings(config: Pick<Config, 'host' | 'port' | 'trustProxy'>): string[] {
  const warnings: string[] = [];
  if (typeof config.trustProxy === 'number' && config.trustProxy > 0 && !isLoopbackHost(config.host)) {
    warnings.push(
      `TRUST_PROXY=${config.trustProxy} believes the client address a proxy appended to X-Forwarded-For, but HOST=${config.host} lets anyone who reaches port ${config.port} directly send that header themselves and escape every per-address limit: set HOST=127.0.0.1 when the proxy runs on this machine, or give TRUST_PROXY the proxy's address (e.g. TRUST_PROXY=10.0.0.5) instead of a count (docs/deploy.md)`,
    );
  }
  return warnings;
}

/** Config's trustProxy as Fastify takes it (its types want a hop count as a function). */
export const fastifyTrustProxy = (value: Config['trustProxy']) => (typeof value === 'number' ? (_address: string, hop: number) => hop < value : value);

/**
 * A hop count trusts that many proxies from our side, so the client's address is the one the
 * nearest of them appended (the right-most entries), never one the client wrote itself.
 */
function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || ['false', '0', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .join(',');
}

/** A secret generated on first start and kept in the data directory, never a constant in code. */
function keptSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  const kept = keptFile(file, () => randomBytes(48).toString('base64url') + '\n').trim();
  if (kept.length < 32)
    throw new ConfigError(`Invalid configuration: ${file} holds no usable JWT secret (at least 32 characters); delete it to generate one, or set JWT_SECRET`);
  return kept;
}
