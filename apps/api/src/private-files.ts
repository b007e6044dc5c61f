import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * DATA_DIR holds the database, its write-ahead log, the JWT secret, the local provider's key and the pictures:
 * its owner's alone (decision 039). Folders 0700, files 0600.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/**
 * Every file and folder this process makes from now on is its owner's only, whoever makes it: our code, PGlite
 * (which creates its own files), the copies of the seed pictures. Call first thing in every command that writes
 * under DATA_DIR or a backup.
 */
export function ownerOnlyFromNowOn() {
  process.umask(0o077);
}

/** A folder (and any missing parents) made 0700. */
export function makePrivateDir(path: string) {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR });
}

export class PrivateFilesError extends Error {}

/**
 * Makes `root` and everything under it its owner's only: folders 0700, files (and sockets) 0600; symbolic links
 * are not followed. Answers what it changed, as `<path under root> <old mode>` (a DATA_DIR made by an older
 * version had 0755 folders and 0644/0666 files). A file this user cannot change is an error: the data would stay
 * readable by others.
 */
export function makePrivate(root: string): string[] {
  const changed: string[] = [];
  const visit = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // gone meanwhile
      throw err;
    }
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    const mode = stat.mode & 0o777;
    if (mode !== wanted) changed.push(`${relative(root, path) || '.'} ${mode.toString(8).padStart(4, '0')}`);
    // A folder is changed after what it holds, so a folder that is private has nothing left to repair below it
    // (a start killed halfway repairs the rest next time: repairDataDir).
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    if (mode === wanted) return;
    try {
      chmodSync(path, wanted);
    } catch (err) {
      throw new PrivateFilesError(
        `Cannot make ${path} private to its owner (${(err as Error).message}): give DATA_DIR and everything in it to the user the server runs as`,
      );
    }
  };
  visit(root);
  return changed;
}

/**
 * At start: a DATA_DIR made by an older version (0755) is made private, everything in it (makePrivate, which
 * changes the folder itself last). One that is 0700 was made by this version or repaired already, and its files
 * since were made under our umask: no walk over every picture on every start.
 */
export function repairDataDir(root: string): string[] {
  return (lstatSync(root).mode & 0o777) === PRIVATE_DIR ? [] : makePrivate(root);
}
