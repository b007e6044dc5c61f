import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recipientForUpdate } from '../mail/recipient.ts';
import { products, savedSearches, searchAlerts } from '../../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { searchDigestMail } from '../mail/templates.ts';

/** How many phones one day's mail names (the rest are on the saved searches' page and in search). */
const DIGEST_PHONES = 20;

/**
 * The day's mail of the daily saved searches (issue 34, item 5), from the hourly housekeeping: each person whose daily
 * searches matched phones not yet told, and whose last such mail went a day ago or more, gets one mail naming the
 * phones still for sale (each once, however many of their searches it matched); those matches are told in the same
 * transaction, so two instances sweeping at once mail once. No mail to an unconfirmed address or to a person who
 * switched these off ('search_alert'): the matches are told all the same. Returns the people mailed.
 */
export async function dailySearchMails(db: Db, origin: string): Promise<number> {
  const due = (
    (await db.execute(sql`
      select distinct s.user_id from ${savedSearches} s join ${searchAlerts} a on a.saved_search_id = s.id and a.told_at is null
      where s.frequency = 'daily' and (s.digest_at is null or s.digest_at <= now() - interval '23 hours')`)) as unknown as { rows: { user_id: string }[] }
  ).rows;
  let mailed = 0;
  for (const { user_id: userId } of due) {
    await db.transaction(async (tx) => {
      const person = await recipientForUpdate(tx as unknown as Db, userId);
      if (!person) return;
      const daily = tx
        .select({ id: savedSearches.id })
        .from(savedSearches)
        .where(and(eq(savedSearches.userId, userId), eq(savedSearches.frequency, 'daily')));
      const untold = and(inArray(searchAlerts.savedSearchId, daily), isNull(searchAlerts.toldAt));
      const phones = await tx
        .selectDistinctOn([products.id], { id: products.id, name: products.productName, price: products.resalePrice, at: searchAlerts.createdAt })
        .from(searchAlerts)
        .innerJoin(products, and(eq(products.id, searchAlerts.productId), eq(products.status, 'available')))
        .where(untold)
        .orderBy(asc(products.id));
      const told = await tx
        .update(searchAlerts)
        .set({ toldAt: sql`now()` })
        .where(untold)
        .returning({ id: searchAlerts.productId });
      if (told.length === 0) return; // another instance's sweep told them meanwhile
      await tx
        .update(savedSearches)
        .set({ digestAt: sql`now()` })
        .where(inArray(savedSearches.id, daily));
      const newest = phones.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, DIGEST_PHONES);
      if (newest.length > 0 && person.emailVerifiedAt && !person.mailOff.includes('search_alert')) {
        await enqueueMail(tx as unknown as Db, searchDigestMail(person, newest, origin));
        mailed++;
      }
    });
  }
  return mailed;
}
