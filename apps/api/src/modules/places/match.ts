import { districtIn } from '@market/contract/places';
import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, products } from '../../db/schema.ts';
import { enqueueJob, type JobPayloads } from '../../jobs/queue.ts';

/** Listings (or bookings) looked at per run of the job: each run is one short transaction, then the next is queued. */
export const PLACE_BATCH = 1000;

/**
 * The 'place-listings' job (queued by migration 0039): the listings posted before districts, then the bookings, get
 * the district their free-text place names (`districtIn`: English, Bangla, older spellings), a batch per run in id
 * order; a run queues the next one in its own transaction, so a crash resumes where the last batch ended. A place that
 * names no district stays without one: its seller is asked for it at the next edit.
 */
export function placeListingsJob(db: Db, batch = PLACE_BATCH) {
  return async ({ after, bookings = false }: JobPayloads['place-listings']) => {
    await db.transaction(async (tx) => {
      const table = bookings ? orders : products;
      const place = bookings ? orders.meetingLocation : products.location;
      const district = bookings ? orders.meetingDistrict : products.district;
      const rows = await tx
        .select({ id: table.id, place })
        .from(table)
        .where(and(isNull(district), after ? gt(table.id, after) : undefined))
        .orderBy(asc(table.id))
        .limit(batch);
      const found = rows.flatMap((r) => {
        const d = districtIn(r.place);
        return d ? [{ id: r.id, district: d.id }] : [];
      });
      if (found.length) {
        await tx.execute(
          sql`update ${table} set ${sql.identifier(bookings ? 'meeting_district' : 'district')} = m.district
              from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as m(id uuid, district text)
              where ${table.id} = m.id`,
        );
      }
      if (rows.length === batch) await enqueueJob(tx as unknown as Db, 'place-listings', { after: rows.at(-1)!.id, bookings });
      else if (!bookings) await enqueueJob(tx as unknown as Db, 'place-listings', { bookings: true });
    });
  };
}
