import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

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
});

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined };

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
  };
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
