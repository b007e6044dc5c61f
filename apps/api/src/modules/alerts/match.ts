import { districtById } from '@market/contract/places';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchAlerts } from '../../db/schema.ts';
import { readQuery } from '../products/query-words.ts';
import { notify } from '../notifications/service.ts';

/*
 * A phone listed or edited against every saved search (issue 34, item 5; decision 056), as an inverted index: each
 * search has one anchor, a key every phone it matches has (service.ts `layout`); the phone's keys (its words and the
 * English words its Bangla brand words stand for, and its brand, each alone and with its district or division; its
 * district, division and '*') find the few searches anchored on one of them by index, and their words and other
 * filters are checked in the same statement.
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
}

/** A phone's words as searches read them: each of its words, and the English word a Bangla brand word is read as. */
export function wordsOf(words: string[]): string[] {
  const all = new Set<string>();
  for (const w of words) {
    all.add(w);
    for (const read of readQuery(`${w} `)) all.add(read.word);
  }
  return [...all];
}

/**
 * The keys a phone is found under (service.ts `layout`): each of its words and its brand, each alone and with its
 * district and its division joined on, its district and division alone, and '*'.
 */
export function keysOf(phone: Pick<Phone, 'district' | 'category_id'>, words: string[]): string[] {
  const division = phone.district ? districtById(phone.district)?.division.id : undefined;
  const places = ['', ...(phone.district ? [`@d:${phone.district}`] : []), ...(division ? [`@v:${division}`] : [])];
  const bases = [...words.map((w) => `w:${w}`), `c:${phone.category_id}`];
  return ['*', ...places.filter(Boolean).map((p) => p.slice(1)), ...bases.flatMap((b) => places.map((p) => b + p))];
}

/** The searches a phone for sale matches, in one statement: their ids, whose they are and how often they tell. */
export async function searchesMatching(db: Db, phone: Phone): Promise<Found[]> {
  const division = phone.district ? (districtById(phone.district)?.division.id ?? null) : null;
  const words = wordsOf(phone.words);
  return (
    (await db.execute(sql`
      select s.id, s.user_id, s.frequency from saved_searches s
      where s.anchor in (select jsonb_array_elements_text(${JSON.stringify(keysOf(phone, words))}::jsonb))
        and s.user_id <> ${phone.seller_id}
        and s.words <@ array(select jsonb_array_elements_text(${JSON.stringify(words)}::jsonb))
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
