import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

/**
 * Debian's nginx in front of the app's instances, as docs/deploy.md sets it up: one balanced address over all
 * of them, and (tests only) one address per instance, still through nginx, to reach a chosen one. No vitest
 * here, for the benchmarks' sake.
 */
export const NGINX = '/usr/sbin/nginx';
export const nginxInstalled = () => existsSync(NGINX) && spawnSync(NGINX, ['-v']).status === 0;

export interface Nginx {
  /** The balanced address: `http://127.0.0.1:<port>`. */
  url: string;
  /** One address per instance, in the order given. */
  pinned: string[];
  /** What nginx wrote to its error log. */
  errors(): string;
  stop(): Promise<void>;
}

/** docs/deploy.md's `location /`: how every request is passed on. */
const proxied = (upstream: string) => `
        proxy_pass http://${upstream};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Request-Id $request_id;
        proxy_next_upstream error timeout http_503;
        proxy_next_upstream_tries 2;`;

/**
 * docs/deploy.md's `location = /api/events`: the live streams (issue 33, decision 053) pass through at once (no
 * buffering, also asked by the app's X-Accel-Buffering: no) and stay open between the app's 20 s heartbeats.
 */
const live = (upstream: string) => `
        location = /api/events {${proxied(upstream)}
            proxy_buffering off;
            proxy_cache off;
            proxy_read_timeout 1h;
        }`;

/** What every test nginx starts with: its files in `dir`, and the open `http {` block's common settings. */
const head = (dir: string, connections: number) => `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${connections}; }
http {
    access_log off;
    client_body_temp_path ${dir}/temp/body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    client_max_body_size 21m;
`;

export function nginxConfig(dir: string, instancePorts: number[], port: number, pinnedPorts: number[]): string {
  const servers = instancePorts.map((p) => `server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n        ');
  return `${head(dir, 1024)}
    upstream market {
        ${servers}
        keepalive 32;
    }
${instancePorts.map((p, i) => `    upstream instance${i} { server 127.0.0.1:${p}; keepalive 8; }`).join('\n')}

    server {
        listen 127.0.0.1:${port};
        location / {${proxied('market')}
        }${live('market')}
        location = /metrics { deny all; }
    }
${pinnedPorts
  .map(
    (p, i) => `    server {
        listen 127.0.0.1:${p};
        location / {${proxied(`instance${i}`)}
        }${live(`instance${i}`)}
    }`,
  )
  .join('\n')}
}
`;
}

/** docs/deploy.md's TLS servers: plain HTTP only redirects, HTTPS passes every request on and owns HSTS. */
export function nginxTlsConfig(dir: string, instancePort: number, httpPort: number, httpsPort: number): string {
  // docs/deploy.md writes phones.example.com and ports 80/443; here the test's own address and free ports.
  const site = `127.0.0.1:${httpsPort}`;
  return `${head(dir, 64)}
    upstream market {
        server 127.0.0.1:${instancePort} max_fails=2 fail_timeout=5s;
        keepalive 32;
    }

    server {
        listen 127.0.0.1:${httpPort};
        location / { return 301 https://${site}$request_uri; }
    }

    server {
        listen 127.0.0.1:${httpsPort} ssl http2;
        ssl_certificate ${dir}/cert.pem;
        ssl_certificate_key ${dir}/key.pem;
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_session_cache shared:TLS:10m;
        proxy_hide_header Strict-Transport-Security;
        add_header Strict-Transport-Security "max-age=31536000" always;

        location / {${proxied('market')}
        }
        location = /metrics { deny all; }
    }
}
`;
}

export interface TlsNginx extends Pick<Nginx, 'errors' | 'stop'> {
  /** `http://127.0.0.1:<port>`: only redirects. */
  http: string;
  /** `https://127.0.0.1:<port>`, with a certificate for 127.0.0.1 made for this run. */
  https: string;
  /** That certificate (PEM): the only one a client of this run should trust. */
  ca: string;
}

/** A P-256 key (`dir/key.pem`) and a self-signed certificate for 127.0.0.1 (`dir/cert.pem`), made by openssl: a test's own TLS peer. */
export function selfSignedCertificate(dir: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );
}

/** nginx terminating TLS in front of one instance, with a self-signed certificate for 127.0.0.1 made by openssl. */
export async function startTlsNginx(instancePort: number): Promise<TlsNginx> {
  const dir = nginxDir();
  selfSignedCertificate(dir);
  chmodSync(join(dir, 'key.pem'), 0o644); // nginx's master reads it (as whoever runs the test); a test key only
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const run = await runNginx(dir, nginxTlsConfig(dir, instancePort, httpPort, httpsPort), [httpPort, httpsPort]);
  return { http: `http://127.0.0.1:${httpPort}`, https: `https://127.0.0.1:${httpsPort}`, ca: readFileSync(join(dir, 'cert.pem'), 'utf8'), ...run };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A folder for nginx's config, temp files and certificate, its workers able to read it. */
function nginxDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'market-nginx-'));
  // Its workers may run as another user (nobody, when started as root): they must reach the temp folders.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'temp'), { mode: 0o777 });
  chmodSync(join(dir, 'temp'), 0o777);
  return dir;
}

/** Runs nginx (not as a daemon: it stops with `stop()`, or with this process) on `dir`'s config until it listens on every port. */
async function runNginx(dir: string, config: string, ports: number[]): Promise<Pick<Nginx, 'errors' | 'stop'>> {
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = () => output + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${errors()}`);
    if ((await Promise.all(ports.map(listening))).every(Boolean)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen within 10 s:\n${errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    errors,
    async stop() {
      if (child.exitCode === null) {
        // SIGQUIT: nginx's graceful stop.
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts nginx in front of `instancePorts`, as docs/deploy.md's plain-HTTP server. */
export async function startNginx(instancePorts: number[]): Promise<Nginx> {
  const dir = nginxDir();
  const port = await freePort();
  const pinnedPorts = await Promise.all(instancePorts.map(() => freePort()));
  const run = await runNginx(dir, nginxConfig(dir, instancePorts, port, pinnedPorts), [port, ...pinnedPorts]);
  return { url: `http://127.0.0.1:${port}`, pinned: pinnedPorts.map((p) => `http://127.0.0.1:${p}`), ...run };
}
