import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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

export function nginxConfig(dir: string, instancePorts: number[], port: number, pinnedPorts: number[]): string {
  const servers = instancePorts.map((p) => `server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n        ');
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${dir}/temp/body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    client_max_body_size 6m;

    upstream market {
        ${servers}
        keepalive 32;
    }
${instancePorts.map((p, i) => `    upstream instance${i} { server 127.0.0.1:${p}; keepalive 8; }`).join('\n')}

    server {
        listen 127.0.0.1:${port};
        location / {${proxied('market')}
        }
        location = /metrics { deny all; }
    }
${pinnedPorts
  .map(
    (p, i) => `    server {
        listen 127.0.0.1:${p};
        location / {${proxied(`instance${i}`)}
        }
    }`,
  )
  .join('\n')}
}
`;
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

/** Starts nginx (not as a daemon: it stops with `stop()`, or with this process) in front of `instancePorts`. */
export async function startNginx(instancePorts: number[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'market-nginx-'));
  // Its workers may run as another user (nobody, when started as root): they must reach the temp folders.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'temp'), { mode: 0o777 });
  chmodSync(join(dir, 'temp'), 0o777);
  const port = await freePort();
  const pinnedPorts = await Promise.all(instancePorts.map(() => freePort()));
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, instancePorts, port, pinnedPorts));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = () => output + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${errors()}`);
    if ((await Promise.all([port, ...pinnedPorts].map(listening))).every(Boolean)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen within 10 s:\n${errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pinned: pinnedPorts.map((p) => `http://127.0.0.1:${p}`),
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
