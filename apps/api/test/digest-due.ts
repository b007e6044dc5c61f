import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runJobs } from './helper.ts';
import { jobs, messages } from '../src/db/schema.ts';

/** Tests only: every message as if written 16 minutes ago (a message never changes: its trigger is off for this), and the digest run. */
export async function digestAfterSixteenMinutes(app: FastifyInstance) {
  await app.db.execute(sql`alter table messages disable trigger messages_unchanged`);
  await app.db.update(messages).set({ createdAt: sql`now() - interval '16 minutes'` });
  await app.db.execute(sql`alter table messages enable trigger messages_unchanged`);
  await app.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.kind, 'chat-digest'));
  await runJobs(app);
}
