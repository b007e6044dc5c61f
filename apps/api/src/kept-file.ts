import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * A file of secrets made once and kept (the JWT secret, the local provider's key): written aside
 * with mode 0600 and linked into place, so a process starting at the same moment never reads half a
 * file, and whichever process links first wins. Answers the file's content.
 */
export function keptFile(file: string, make: () => string): string {
  if (!existsSync(file)) {
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, make(), { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temp);
    }
  }
  return readFileSync(file, 'utf8');
}
