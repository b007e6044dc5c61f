import { chmodSync, rmSync, writeFileSync } from 'node:fs';
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
