import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oidcCodes } from '../../db/schema.ts';

/** How long an authorization code may wait for its exchange. */
export const CODE_LIFETIME_MS = 60_000;

export type CodeGrant = Omit<typeof oidcCodes.$inferInsert, 'codeHash' | 'expiresAt'>;
export type StoredGrant = typeof oidcCodes.$inferSelect;

const hashOf = (code: string) => createHash('sha256').update(code).digest('base64url');

/** Issues a code for the grant; the table keeps only its hash. Expired codes are swept on the way. */
export async function issueCode(db: Db, grant: CodeGrant): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await pruneExpiredCodes(db);
  await db.insert(oidcCodes).values({ ...grant, codeHash: hashOf(code), expiresAt: new Date(Date.now() + CODE_LIFETIME_MS) });
  return code;
}

/** Codes whose minute is long past. */
export async function pruneExpiredCodes(db: Db) {
  await db.delete(oidcCodes).where(lt(oidcCodes.expiresAt, new Date(Date.now() - CODE_LIFETIME_MS)));
}

/**
 * Takes the code's grant out of the table: one statement, so of two simultaneous
 * exchanges only one gets it. An expired code is consumed too, and answers undefined.
 */
export async function consumeCode(db: Db, code: string): Promise<StoredGrant | undefined> {
  const [row] = await db
    .delete(oidcCodes)
    .where(eq(oidcCodes.codeHash, hashOf(code)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return row;
}

/** For tests: the stored row of a code, by the code itself. */
export const codeHash = hashOf;
