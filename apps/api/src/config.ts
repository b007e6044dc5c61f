import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
/** An abuse limit written as attempts per window: `20/1m`, `10/15m`, `5/1h`, `3/500ms`. */
const limit = z
  .string()
  .regex(/^[1-9]\d*\/[1-9]\d*(ms|s|m|h)$/, { error: 'must be attempts per window, like 20/1m (window in ms, s, m or h)' })
  .transform((v): Limit => {
    const [, max, amount, unit] = /^(\d+)\/(\d+)(ms|s|m|h)$/.exec(v)!;
    return { max: Number(max), windowMs: Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS] };
  });

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, { error: 'must be a Stripe secret key (sk_...)' }).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, { error: 'must be a Stripe publishable key (pk_...)' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, { error: 'must be a Stripe webhook secret (whsec_...)' }).optional(),
  /** Where the Stripe SDK sends its calls; only tests point it elsewhere. */
  STRIPE_API_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  /** Shared counters (and whatever else several instances must share); unset: each process keeps its own. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** Every Redis key this app writes starts with it: instances of one deployment share it, anything else sharing the Redis does not. */
  REDIS_PREFIX: z.string().min(1).default('market:'),
  /** Which proxies' X-Forwarded-For to believe for the client address: true, a hop count, or addresses/CIDRs separated by commas. */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|1|0|yes|no|on|off|\d+|[\w.:/,\s-]+)$/, { error: 'must be true, false, a hop count or addresses' })
    .optional(),
  LIMIT_LOGIN_PER_IP: limit.prefault('20/1m'),
  LIMIT_LOGIN_FAILURES_PER_EMAIL: limit.prefault('10/15m'),
  LIMIT_SIGNUP_PER_IP: limit.prefault('10/10m'),
  LIMIT_SIGNUP_PER_EMAIL: limit.prefault('5/1h'),
});

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined };

export interface Limit {
  max: number;
  windowMs: number;
}

/** Fixed windows; see docs/decisions/010-abuse-limits.md. */
export interface AbuseLimits {
  /** Every login attempt with a valid body, per client address. */
  loginPerIp: Limit;
  /** Failed logins per e-mail (a successful login clears them), from any address. */
  loginFailuresPerEmail: Limit;
  /** Every sign-up attempt with a valid body, per client address. */
  signUpPerIp: Limit;
  /** Every sign-up attempt with a valid body, per e-mail. */
  signUpPerEmail: Limit;
}

export interface GoogleConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

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
  publicUrl: string | undefined;
  /** Unset: Google sign-in goes to the local OpenID Connect provider served by this process. */
  google: GoogleConfig | undefined;
  payments: PaymentsConfig;
  /** Unset: counters live in each process. */
  redisUrl: string | undefined;
  redisPrefix: string;
  /** Fastify's trustProxy: whose X-Forwarded-For gives request.ip (false: the socket's address). */
  trustProxy: boolean | number | string;
  limits: AbuseLimits;
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
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? keptSecret(dataDir),
    demo: e.DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(import.meta.dirname, '../../web/dist'),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : undefined,
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { provider: 'stripe', secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : { provider: 'sandbox' },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: trustProxy(e.TRUST_PROXY),
    limits: {
      loginPerIp: e.LIMIT_LOGIN_PER_IP,
      loginFailuresPerEmail: e.LIMIT_LOGIN_FAILURES_PER_EMAIL,
      signUpPerIp: e.LIMIT_SIGNUP_PER_IP,
      signUpPerEmail: e.LIMIT_SIGNUP_PER_EMAIL,
    },
  };
}

/** Config's trustProxy as Fastify takes it (its types want a hop count as a function). */
export const fastifyTrustProxy = (value: Config['trustProxy']) => (typeof value === 'number' ? (_address: string, hop: number) => hop < value : value);

function trustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || ['false', '0', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim()).filter(Boolean).join(',');
}

/** A secret generated on first start and kept in the data directory, never a constant in code. */
function keptSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process started at the same moment and wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const kept = readFileSync(file, 'utf8').trim();
  if (kept.length < 32) throw new ConfigError(`Invalid configuration: ${file} holds no usable JWT secret (at least 32 characters); delete it to generate one, or set JWT_SECRET`);
  return kept;
}
