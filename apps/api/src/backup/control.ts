import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../db/client.ts';

/**
 * The running server's door for `npm run backup` on the embedded database, which only one process can open:
 * a Unix socket in DATA_DIR (only its owner may connect, as the files beside it), never a network port.
 * `server.pid` beside it says a server has the database open, for when the socket cannot be bound.
 */
export const controlSocketIn = (dataDir: string) => join(dataDir, 'control.sock');
export const pidFileIn = (dataDir: string) => join(dataDir, 'server.pid');

export interface ControlSocket {
  close(): Promise<void>;
}

/** Serves `GET /snapshot` (the database's snapshot, a gzipped tar) on DATA_DIR/control.sock. */
export async function openControlSocket(dataDir: string, database: Database, log: (message: string) => void): Promise<ControlSocket> {
  const path = controlSocketIn(dataDir);
  writeFileSync(pidFileIn(dataDir), String(process.pid));
  // A socket file left by a process that was killed: nothing listens on it (this process holds the database now).
  rmSync(path, { force: true });
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/snapshot' || !database.snapshot) {
      res.writeHead(404).end();
      return;
    }
    database.snapshot().then(
      (blob) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': blob.size });
        Readable.fromWeb(blob.stream() as never).pipe(res);
      },
      (err: unknown) => res.writeHead(500).end(err instanceof Error ? err.message : String(err)),
    );
  });
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', (err) => {
      log(`the backup socket ${path} could not be opened (${err.message}); npm run backup will refuse while this server runs`);
      resolve(false);
    });
    server.listen(path, () => resolve(true));
  });
  if (bound) chmodSync(path, 0o600);
  return {
    async close() {
      if (bound) await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(path, { force: true });
      rmSync(pidFileIn(dataDir), { force: true });
    },
  };
}

export class ControlError extends Error {}

/** Refuses (ControlError) when a live server already has the embedded database in `dataDir`: call it before opening the database. */
export function refuseIfHeld(dataDir: string) {
  const holder = liveHolder(dataDir);
  if (holder !== null && holder !== process.pid) {
    throw new ControlError(`another server (process ${holder}) has the database in ${dataDir} open: two processes must never open it at once`);
  }
}

/** The process `server.pid` names, when it is alive; null when there is no file, or its process is gone. */
export function liveHolder(dataDir: string): number | null {
  const file = pidFileIn(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: it lives, as another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/**
 * Asks the server running on DATA_DIR for a snapshot. Answers null when no server listens there (no socket, or
 * one a killed process left); throws when one answers but fails.
 */
export function requestSnapshot(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocketIn(dataDir), path: '/snapshot', method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`the running server refused the snapshot (${res.statusCode}): ${body.toString()}`));
      });
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(null) : reject(err)));
    req.end();
  });
}
