import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Starts the real server (built web app, PGlite, demo data) on a free port with a fresh DATA_DIR. */
export default async function globalSetup() {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian Chromium is missing at /usr/bin/chromium: apt-get install chromium (the e2e suite cannot run without it)');
  }
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'market-e2e-'));
  const server = spawn(process.execPath, ['src/main.ts'], {
    cwd: join(root, 'apps/api'),
    // The suite signs up dozens of accounts, resets passwords and uploads dozens of pictures (every
    // account and every phone needs one) from one address within minutes; logins keep the production limits.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO: 'true',
      DATABASE_URL: '',
      SMTP_URL: '',
      LIMIT_SIGNUP_PER_IP: '1000/10m',
      LIMIT_RESET_PER_IP: '1000/10m',
      LIMIT_UPLOADS_PER_IP: '1000/10m',
      LIMIT_UPLOADS_PER_IP_DAY: '5000/1d',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    server.kill('SIGTERM');
  };
}
