import { districtById } from '@market/contract/places';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchAlerts } from '../../db/schema.ts';
import { readQuery } from '../products/query-words.ts';
import { notify } from '../notifications/service.ts';

/*
 * A phone listed or edited against every saved search (issue 34, item 5; decision 056), as an inverted index: each
 * search has one anchor, a key every phone it matches has (service.ts `layout`); the phone's keys (its words and the
 * English words its Bangla brand words stand for, its district, division and brand, and '*') find the few searches
 * anchored on one of them by index, their other filters are checked in the same statement, and their words here.
 * A search tells of a phone once, whatever its later prices: a price lowered into a search's range is a new match.
 */

interface Phone {
  id: string;
  seller_id: string;
  product_name: string;
  category_id: string;
  condition: string;
  resale_price: number;
  location: string;
  district: string | null;
  storage_gb: number | null;
  battery_health: number | null;
  verified: boolean;
  words: string[];
}

interface Found {
  id: string;
  user_id: string;
  frequency: 'instant' | 'daily';
  words: string[][];
}

/** The keys a phone is found under: each word and what it is read as, its place and brand, and '*'. */
export function keysOf(phone: Pick<Phone, 'words' | 'district' | 'category_id'>): string[] {
  const keys = new Set<string>(['*', `c:${phone.category_id}`]);
  for (const w of phone.words) {
    keys.add(`w:${w}`);
    for (const read of readQuery(`${w} `)) keys.add(`w:${read.word}`);
  }
  if (phone.district) {
    keys.add(`d:${phone.district}`);
    const division = districtById(phone.district)?.division.id;
    if (division) keys.add(`v:${division}`);
  }
  return [...keys];
}

/** The searches a phone for sale matches: its saved searches' ids, with whose they are and how often they tell. */
export async function searchesMatching(db: Db, phone: Phone): Promise<Found[]> {
  const division = phone.district ? (districtById(phone.district)?.division.id ?? null) : null;
  const found = (
    (await db.execute(sql`
      select s.id, s.user_id, s.frequency, s.words from saved_searches s
      where s.anchor in (select jsonb_array_elements_text(${JSON.stringify(keysOf(phone))}::jsonb))
        and s.user_id <> ${phone.seller_id}
        and (cardinality(s.categories) = 0 or ${phone.category_id}::uuid = any(s.categories))
        and (cardinality(s.conditions) = 0 or ${phone.condition}::text = any(s.conditions))
        and (s.min_price is null or s.min_price <= ${phone.resale_price}::int)
        and (s.max_price is null or ${phone.resale_price}::int <= s.max_price)
        and (s.district is null or s.district = ${phone.district}::text)
        and (s.division is null or s.division = ${division}::text)
        and (s.area is null or position(s.area in lower(${phone.location}::text)) > 0)
        and (not s.verified or ${phone.verified}::boolean)
        and (cardinality(s.storage) = 0 or ${phone.storage_gb}::int = any(s.storage))
        and (s.min_battery is null or ${phone.battery_health}::int >= s.min_battery)`)) as unknown as { rows: Found[] }
  ).rows;
  const words = new Set(phone.words);
  // Every word of the search, in any of its spellings, among the phone's words.
  return found.filter((s) => s.words.every((forms) => forms.some((f) => words.has(f))));
}

/**
 * The 'search-alerts' job of a phone (queued in the statement's transaction that listed or edited it): the searches it
 * matches get it once each (search_alerts' key); the people of those told at once are told now, one notification each
 * whatever the number of their searches it matched; the daily ones wait for their mail (daily.ts).
 */
export function searchAlertsJob(db: Db) {
  return async ({ productId }: { productId: string }) => {
    await db.transaction(async (tx) => {
      const [phone] = (
        (await tx.execute(sql`
          select p.id, p.seller_id, p.product_name, p.category_id, p.condition, p.resale_price, p.location, p.district,
            p.storage_gb, p.battery_health, u.seller_verified as verified, tsvector_to_array(p.search) as words
          from products p join users u on u.id = p.seller_id
          where p.id = ${productId} and p.status = 'available' and p.hidden_at is null and u.suspended_at is null`)) as unknown as { rows: Phone[] }
      ).rows;
      if (!phone) return;
      const found = await searchesMatching(tx as unknown as Db, phone);
      if (found.length === 0) return;
      const told = await tx
        .insert(searchAlerts)
        .values(found.map((s) => ({ savedSearchId: s.id, productId, price: phone.resale_price, toldAt: s.frequency === 'instant' ? new Date() : null })))
        .onConflictDoNothing()
        .returning({ savedSearchId: searchAlerts.savedSearchId });
      const newly = new Set(told.map((t) => t.savedSearchId));
      const people = [...new Set(found.filter((s) => newly.has(s.id) && s.frequency === 'instant').map((s) => s.user_id))];
      await notify(
        tx as unknown as Db,
        'search_alert',
        people.map((userId) => ({ userId, productName: phone.product_name })),
      );
    });
  };
}
