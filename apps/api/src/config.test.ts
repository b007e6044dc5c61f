import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, unsafeSettings } from './config.ts';

const SECRET = 'a-jwt-secret-that-is-32-chars-ok';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'market-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** loadConfig with DATA_DIR in this test's temp dir unless the env says otherwise. */
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: join(dir, 'data'), ...env });

function expectConfigError(env: Record<string, string>, variable: string) {
  let error: unknown;
  try {
    load(env);
  } catch (err) {
    error = err;
  }
  expect(error, `${JSON.stringify(env)} should be refused`).toBeInstanceOf(ConfigError);
  const message = (error as Error).message;
  expect(message).toContain(variable);
  return message;
}

describe('loadConfig defaults', () => {
  it('serves on 127.0.0.1:3000 from ./data (resolved against the working directory) with PGlite, demo data and info logs', () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const config = loadConfig({});
      const dataDir = join(process.cwd(), 'data');
      expect(config).toMatchObject({
        port: 3000,
        host: '127.0.0.1',
        dataDir,
        uploadsDir: join(dataDir, 'uploads'),
        databaseUrl: undefined,
        demo: true,
        logLevel: 'info',
      });
      expect(existsSync(dataDir)).toBe(true);
      expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    } finally {
      process.chdir(cwd);
    }
  });

  it('treats blank values as unset', () => {
    const config = load({ PORT: '', DEMO: '', LOG_LEVEL: '', DATABASE_URL: '', JWT_SECRET: '', HOST: '' });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', demo: true, logLevel: 'info', databaseUrl: undefined });
  });

  it('listens on this computer only while DEMO is on (the demo hands out its Admin password), on every interface without it, and where HOST says when set', () => {
    expect(load({}).host).toBe('127.0.0.1');
    expect(load({ DEMO: 'true' }).host).toBe('127.0.0.1');
    expect(load({ DEMO: 'false' }).host).toBe('0.0.0.0');
    expect(load({ DEMO: 'true', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(load({ DEMO: 'false', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(load({ DEMO: 'true', HOST: '::' }).host).toBe('::');
  });

  it('reads every variable that is set', () => {
    const config = load({
      PORT: '4100',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://market@db.internal:5432/market',
      JWT_SECRET: SECRET,
      DEMO: 'off',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 4100,
      host: '127.0.0.1',
      dataDir: join(dir, 'data'),
      databaseUrl: 'postgres://market@db.internal:5432/market',
      jwtSecret: SECRET,
      demo: false,
      logLevel: 'warn',
    });
    // A secret given in the environment is not written to disk.
    expect(existsSync(join(dir, 'data', 'jwt-secret'))).toBe(false);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['on', true],
    ['yes', true],
    ['0', false],
    ['false', false],
    ['off', false],
    ['no', false],
  ])('reads DEMO=%s as %s', (value, demo) => {
    expect(load({ DEMO: value, JWT_SECRET: SECRET }).demo).toBe(demo);
  });

  it('accepts postgresql:// URLs and port 0 (any free port)', () => {
    expect(load({ DATABASE_URL: 'postgresql://x@localhost/db', JWT_SECRET: SECRET }).databaseUrl).toBe('postgresql://x@localhost/db');
    expect(load({ PORT: '0', JWT_SECRET: SECRET }).port).toBe(0);
  });
});

describe('loadConfig refuses bad values, naming the variable', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'x'.repeat(31) }, 'JWT_SECRET'],
  ])('%j', (env, variable) => {
    expectConfigError(env, variable);
  });

  it('names every bad variable at once', () => {
    const message = expectConfigError({ PORT: 'abc', DEMO: 'maybe' }, 'PORT');
    expect(message).toContain('DEMO');
  });

  it('does not echo secrets into the message', () => {
    expect(expectConfigError({ JWT_SECRET: 'hunter2-hunter2' }, 'JWT_SECRET')).not.toContain('hunter2');
    expect(expectConfigError({ DATABASE_URL: 'mysql://root:s3cr3t-pw@db/x' }, 'DATABASE_URL')).not.toContain('s3cr3t-pw');
  });

  it('stops before touching the disk', () => {
    expectConfigError({ PORT: 'abc' }, 'PORT');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});

describe('the JWT secret when JWT_SECRET is unset', () => {
  it('is generated once into DATA_DIR/jwt-secret with mode 0600 and read back on the next start', () => {
    const first = load({});
    const file = join(dir, 'data', 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);

    const second = load({});
    expect(second.jwtSecret).toBe(first.jwtSecret);
  });

  it('differs between data directories', () => {
    const a = load({}).jwtSecret;
    const b = loadConfig({ DATA_DIR: join(dir, 'other') }).jwtSecret;
    expect(a).not.toBe(b);
  });

  it('is refused, naming the file, when the kept file is too short to be safe', () => {
    const file = join(dir, 'data', 'jwt-secret');
    load({});
    for (const weak of ['', '\n', 'tiny\n', 'x'.repeat(31)]) {
      writeFileSync(file, weak);
      expectConfigError({}, 'jwt-secret');
    }
  });

  it('an explicit JWT_SECRET wins over the kept file', () => {
    load({});
    expect(load({ JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });
});

describe('Redis, proxies and abuse limits', () => {
  it('default to no Redis, the prefix market:, no trusted proxy and the limits of decision 010', () => {
    expect(load({})).toMatchObject({
      redisUrl: undefined,
      redisPrefix: 'market:',
      trustProxy: false,
      limits: {
        loginPerIp: { max: 20, windowMs: 60_000 },
        loginFailuresPerEmail: { max: 10, windowMs: 900_000 },
        signUpPerIp: { max: 10, windowMs: 600_000 },
        signUpPerEmail: { max: 5, windowMs: 3_600_000 },
      },
    });
  });

  it('reads them when set', () => {
    const config = load({
      REDIS_URL: 'rediss://:pw@cache.internal:6380/2',
      REDIS_PREFIX: 'phones-prod:',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      LIMIT_LOGIN_PER_IP: '100/30s',
      LIMIT_LOGIN_FAILURES_PER_EMAIL: '3/500ms',
      LIMIT_SIGNUP_PER_IP: '2/1h',
      LIMIT_SIGNUP_PER_EMAIL: '1/2m',
    });
    expect(config).toMatchObject({
      redisUrl: 'rediss://:pw@cache.internal:6380/2',
      redisPrefix: 'phones-prod:',
      trustProxy: '10.0.0.0/8,192.168.1.1',
      limits: {
        loginPerIp: { max: 100, windowMs: 30_000 },
        loginFailuresPerEmail: { max: 3, windowMs: 500 },
        signUpPerIp: { max: 2, windowMs: 3_600_000 },
        signUpPerEmail: { max: 1, windowMs: 120_000 },
      },
    });
  });

  it.each([
    ['false', false],
    ['0', false],
    ['off', false],
    ['1', 1],
    ['2', 2],
    ['loopback', 'loopback'],
  ])('TRUST_PROXY=%s is %j', (value, expected) => {
    expect(load({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it.each([
    ['1', '0.0.0.0'],
    ['2', '::'],
    ['1', '192.168.1.20'],
  ])('warns when TRUST_PROXY=%s is a hop count and HOST=%s is reachable from elsewhere (anyone could write X-Forwarded-For)', (count, host) => {
    const warnings = unsafeSettings(load({ TRUST_PROXY: count, HOST: host, PORT: '3100' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`TRUST_PROXY=${count}`);
    expect(warnings[0]).toContain(`HOST=${host}`);
    expect(warnings[0]).toContain('port 3100');
    expect(warnings[0]).toContain('HOST=127.0.0.1');
    expect(warnings[0]).toContain("give TRUST_PROXY the proxy's address");
  });

  it.each([
    ['a hop count on loopback', { TRUST_PROXY: '1', HOST: '127.0.0.1' }],
    ['a hop count on localhost', { TRUST_PROXY: '1', HOST: 'localhost' }],
    ['a hop count on ::1', { TRUST_PROXY: '1', HOST: '::1' }],
    ['the proxy given by address', { TRUST_PROXY: '10.0.0.5', HOST: '0.0.0.0' }],
    ['no proxy', { HOST: '0.0.0.0' }],
    ['TRUST_PROXY=0', { TRUST_PROXY: '0', HOST: '0.0.0.0' }],
    ['the demo on its default address', { TRUST_PROXY: '1', DEMO: 'true' }],
  ])('does not warn with %s', (_name, env) => {
    expect(unsafeSettings(load(env))).toEqual([]);
  });

  it.each(['true', 'TRUE', 'yes', 'on'])('refuses TRUST_PROXY=%s, saying why (the client writes the left-most address)', (value) => {
    const message = expectConfigError({ TRUST_PROXY: value }, 'TRUST_PROXY');
    expect(message).toContain('left-most X-Forwarded-For address, which the client writes itself');
    expect(message).toContain('give the number of proxies in front of this server (e.g. 1) or their addresses');
  });

  it('refuses SMTP_URL without PUBLIC_URL: real mails would carry links nobody can open', () => {
    expectConfigError({ SMTP_URL: 'smtp://mail.example.com:587' }, 'PUBLIC_URL');
  });

  it('reads the HTTP timeouts, the mail settings and day-long windows', () => {
    expect(load({})).toMatchObject({
      timeouts: { request: 30_000, headers: 10_000, keepAlive: 72_000, idle: 120_000 },
      mail: { smtpUrl: undefined, from: 'Resale Phones <no-reply@resale.local>' },
      limits: { uploadsPerIpDay: { max: 100, windowMs: 86_400_000 } },
    });
    const config = load({
      REQUEST_TIMEOUT: '5s',
      HEADERS_TIMEOUT: '8s',
      KEEP_ALIVE_TIMEOUT: '500ms',
      IDLE_TIMEOUT: '2m',
      PUBLIC_URL: 'https://phones.example.com',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Phones <hi@phones.example>',
      LIMIT_UPLOADS_PER_IP_DAY: '20/2d',
    });
    // The headers cannot be given longer than the whole request.
    expect(config.timeouts).toEqual({ request: 5_000, headers: 5_000, keepAlive: 500, idle: 120_000 });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'Phones <hi@phones.example>' });
    expect(config.limits.uploadsPerIpDay).toEqual({ max: 20, windowMs: 2 * 86_400_000 });
  });

  it("reads a deal's timers in days, hours or less: three days for a seller to answer unless set", () => {
    expect(load({}).dealTimers).toEqual({ answer: 3 * 86_400_000, window: 86_400_000 });
    expect(load({ BOOKING_EXPIRES_AFTER: '36h' }).dealTimers).toEqual({ answer: 36 * 3_600_000, window: 24 * 3_600_000 });
    expect(load({ BOOKING_EXPIRES_AFTER: '90s', COMPLAINT_WINDOW: '2d' }).dealTimers).toEqual({ answer: 90_000, window: 2 * 86_400_000 });
  });

  it.each([
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_URL', '127.0.0.1:6379'],
    ['LIMIT_LOGIN_PER_IP', '20'],
    ['LIMIT_LOGIN_PER_IP', '0/1m'],
    ['LIMIT_LOGIN_FAILURES_PER_EMAIL', '10/15'],
    ['LIMIT_SIGNUP_PER_IP', '10 per 10m'],
    ['LIMIT_SIGNUP_PER_EMAIL', '5/1w'],
    ['REQUEST_TIMEOUT', '0s'],
    ['REQUEST_TIMEOUT', '30'],
    ['KEEP_ALIVE_TIMEOUT', '1h'],
    ['BOOKING_EXPIRES_AFTER', '3 days'],
    ['BOOKING_EXPIRES_AFTER', '0d'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['SMTP_URL', 'http://mail.example.com'],
  ])('refuses %s=%s, naming it', (variable, value) => {
    expectConfigError({ [variable]: value }, variable);
  });

  it('bKash: the real one with all five keys, else the local stand-in in a demo (or with BKASH_SANDBOX), else none; never both', () => {
    const keys = {
      BKASH_BASE_URL: 'https://tokenized.pay.bka.sh/v1.2.0-beta/',
      BKASH_APP_KEY: 'key',
      BKASH_APP_SECRET: 'secret',
      BKASH_USERNAME: 'user',
      BKASH_PASSWORD: 'pass',
    };
    expect(load({ JWT_SECRET: SECRET, ...keys }).bkash).toEqual({
      provider: 'bkash',
      baseUrl: 'https://tokenized.pay.bka.sh/v1.2.0-beta',
      appKey: 'key',
      appSecret: 'secret',
      username: 'user',
      password: 'pass',
    });
    expect(load({ JWT_SECRET: SECRET }).bkash).toEqual({ provider: 'sandbox' });
    expect(load({ JWT_SECRET: SECRET, DEMO: 'false' }).bkash).toEqual({ provider: 'off' });
    expect(load({ JWT_SECRET: SECRET, DEMO: 'false', BKASH_SANDBOX: 'true' }).bkash).toEqual({ provider: 'sandbox' });
    expectConfigError({ JWT_SECRET: SECRET, BKASH_APP_KEY: 'key' }, 'BKASH_PASSWORD');
    expectConfigError({ JWT_SECRET: SECRET, ...keys, BKASH_SANDBOX: 'true' }, 'BKASH_SANDBOX');
    expectConfigError({ JWT_SECRET: SECRET, ...keys, BKASH_BASE_URL: 'tokenized.pay.bka.sh' }, 'BKASH_BASE_URL');
  });

  it('S3: pictures on the disk unless S3_BUCKET is set; keys go together and need a bucket; a bad endpoint is named', () => {
    expect(load({ JWT_SECRET: SECRET }).s3).toBeUndefined();
    expect(
      load({
        JWT_SECRET: SECRET,
        S3_BUCKET: 'pictures',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'pictures',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // On AWS itself: its own endpoint and the SDK's credentials (an instance role).
    expect(load({ JWT_SECRET: SECRET, S3_BUCKET: 'pictures', S3_REGION: 'ap-south-1' }).s3).toEqual({
      bucket: 'pictures',
      endpoint: undefined,
      region: 'ap-south-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expectConfigError({ JWT_SECRET: SECRET, S3_BUCKET: 'pictures', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY');
    expectConfigError({ JWT_SECRET: SECRET, S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET');
    expectConfigError({ JWT_SECRET: SECRET, S3_BUCKET: 'pictures', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT');
  });
});
