import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { routes } from '@market/contract/routes';
import { envVariables } from '../src/config.ts';
import { freePort } from './free-port.ts';

/**
 * The one way to start a real server (`node src/main.ts`, as `npm start` runs it) from the API
 * tests, apps/api/scripts, bench/ and e2e/: on a free port, configured by its caller alone, its
 * output kept for the error when it dies or never becomes healthy. No vitest here, for the
 * scripts' sake.
 */

export { freePort };

export const apiDir = join(import.meta.dirname, '..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<Exit>;
  /**
   * Polls the health path until it answers 200, and resolves with that answer's body. Fails at once,
   * with the output, when the process exits; stops it and fails, with the output, after `timeoutMs`.
   */
  healthy(timeoutMs?: number): Promise<string>;
  /** SIGTERM, and SIGKILL if it has not exited after `graceMs`; resolves with how it exited. */
  stop(graceMs?: number): Promise<Exit>;
}

export interface ProcessOptions {
  /** For messages: "the API server". */
  name: string;
  /** Node's arguments: flags, the script, its arguments. */
  args: string[];
  cwd: string;
  /** The child's whole environment. */
  env: NodeJS.ProcessEnv;
  /** Where it listens (on 127.0.0.1). */
  port: number;
  healthPath: string;
  /** Also pass its output through to ours as it comes (long runs: the benchmarks, the e2e suite). */
  echo?: boolean;
}

/** Spawns `node <args>` and does not wait: see `healthy()`. */
export function spawnServer(opts: ProcessOptions): ServerProcess {
  const child = spawn(process.execPath, opts.args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const [stream, echo] of [
    [child.stdout!, process.stdout],
    [child.stderr!, process.stderr],
  ] as const) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (opts.echo) echo.write(chunk);
    });
  }
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${opts.port}`;

  const stop = async (graceMs = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited.finally(() => clearTimeout(timer));
    }
    return exited;
  };

  const healthy = async (timeoutMs = 60_000) => {
    let exit: Exit | undefined;
    void exited.then((e) => (exit = e));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exit) throw new Error(`${opts.name} exited (${JSON.stringify(exit)}) before it was healthy:\n${output}`);
      try {
        const res = await fetch(url + opts.healthPath, { signal: AbortSignal.timeout(2_000) });
        const body = await res.text();
        if (res.status === 200) return body;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await stop();
    throw new Error(`${opts.name} was not healthy within ${timeoutMs / 1000} s (stopped):\n${output}`);
  };

  return { child, port: opts.port, url, output: () => output, exited, healthy, stop };
}

/** `process.env` without any variable the app reads (src/config.ts), then the caller's: for the server and the app's other commands. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const read = new Set<string>(envVariables);
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !read.has(k))), ...env };
}

interface ApiOptions {
  /**
   * The server's variables, over HOST=127.0.0.1, LOG_LEVEL=warn and PORT (a bad PORT here: a start meant to fail).
   * DATA_DIR is required: never the default ./data of whoever runs this.
   */
  env: { DATA_DIR: string } & Record<string, string>;
  /** Where it listens; default: a free port. */
  port?: number;
  /** Node's flags before the script (`--cpu-prof`). */
  nodeArgs?: string[];
  echo?: boolean;
}

/** Spawns the real server and does not wait (a start meant to fail; `healthy()` otherwise). */
export async function spawnApi(opts: ApiOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  return spawnServer({
    name: 'the API server',
    args: [...(opts.nodeArgs ?? []), 'src/main.ts'],
    cwd: apiDir,
    env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...opts.env }),
    port,
    healthPath: routes.health.path,
    echo: opts.echo ?? false,
  });
}

/** Starts the real server and waits until /api/health answers. */
export async function startApi(opts: ApiOptions & { timeoutMs?: number }): Promise<ServerProcess> {
  const server = await spawnApi(opts);
  await server.healthy(opts.timeoutMs);
  return server;
}
