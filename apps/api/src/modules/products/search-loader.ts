import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/*
 * What the search index reads from the database (decision 022): the available phones, in the words and with
 * the expressions the SQL search ranks by, and the search_changes rows its triggers write.
 */

const LOAD_CHUNK = 100_000;
/** At load, the changes this far below the sequence's last number that had not committed yet are applied afterwards. */
const START_OVERLAP = 1_000;

/** Phones as the index takes them: one array per column, the same position one phone. */
export interface Phones {
  ids: string[];
  /** Microseconds since 1970, as text (a bigint). */
  created: string[];
  price: number[];
  category: string[];
  condition: string[];
  verified: boolean[];
  /** Lower case. */
  location: string[];
  /** The district's id (packages/contract/src/places.ts), null where the listing names none. */
  district: (string | null)[];
  storage: (number | null)[];
  battery: (number | null)[];
  /** The name in lower case, each run of other characters than letters and digits one space, trimmed. */
  nameNorm: string[];
  nameLen: number[];
  /**
   * The best deal sort's key (decision 058): the price over the median its key's guide shows, × 10,000 and rounded
   * (an integer, so cursors stay exact); null without one (no catalogue model or storage, no guide, no median).
   */
  deal: (number | null)[];
  /** Each phone's search document: its words, and those of its name, each list joined by spaces (a word has none). */
  words: string[];
  nameWords: string[];
}

const columns = [
  'ids',
  'created',
  'price',
  'category',
  'condition',
  'verified',
  'location',
  'district',
  'storage',
  'battery',
  'nameNorm',
  'nameLen',
  'deal',
  'words',
  'nameWords',
] as const;

/** One batch as the database answers it: every column null when no phone matched. */
type Batch = { [C in keyof Phones]: Phones[C] | null };

/** Where the change feed starts after a load: the changes up to `mark` that had committed are in the rows read. */
export interface LoadMark {
  mark: number;
  /** Every change up to here had committed (or is given up). */
  floor: number;
  /** Those above the floor and up to the mark that had committed. */
  committed: number[];
}

export interface Change {
  seq: number;
  productId: string;
}

/**
 * The available phones that `where` picks (up to `limit`, by id), in one row of JSON arrays: parsing one
 * large JSON text is many times faster than a row per phone with array columns. The name is normalised
 * and measured with the same expressions the SQL search ranks by, the deal with its key's guide (migration 0044).
 */
const batchOf = (where: SQL, limit: number) => sql`
  with batch as (
    select row_number() over (order by p.id) - 1 as rn, p.id, p.created_at, p.resale_price, p.category_id, p.condition,
      u.seller_verified, p.location, p.district, p.storage_gb, p.battery_health, p.product_name, p.search,
      round(p.resale_price * 10000.0 / nullif(guide_median(g.sales, g.sales_median, g.asking, g.asking_median), 0))::bigint as deal
    from products p join users u on u.id = p.seller_id
      left join price_guide g on g.phone_model_id = p.phone_model_id and g.storage_gb = p.storage_gb and g.condition = p.condition
    where p.status = 'available' and u.suspended_at is null and ${where} order by p.id limit ${limit}
  )
  select
    json_agg(id order by rn) as ids,
    json_agg((extract(epoch from created_at) * 1000000)::bigint::text order by rn) as created,
    json_agg(resale_price order by rn) as price,
    json_agg(category_id order by rn) as category,
    json_agg(condition order by rn) as condition,
    json_agg(seller_verified order by rn) as verified,
    json_agg(lower(location) order by rn) as location,
    json_agg(district order by rn) as district,
    json_agg(storage_gb order by rn) as storage,
    json_agg(battery_health order by rn) as battery,
    json_agg(trim(regexp_replace(lower(product_name), '[^[:alnum:]]+', ' ', 'g')) order by rn) as "nameNorm",
    json_agg(length(product_name) order by rn) as "nameLen",
    json_agg(deal order by rn) as deal,
    json_agg(array_to_string(tsvector_to_array(search), ' ') order by rn) as words,
    json_agg(array_to_string(tsvector_to_array(ts_filter(search, '{a}')), ' ') order by rn) as "nameWords"
  from batch`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Lets other requests run between slices of a long load (at 1M phones it is seconds of work). */
export const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A batch with an empty list for each column the database left null. */
function complete(batch: Batch | undefined): Phones {
  const all: Record<string, unknown[]> = {};
  for (const c of columns) all[c] = batch?.[c] ?? [];
  return all as unknown as Phones;
}

/** Batches one after the other, a column at a time between pauses. */
async function joined(batches: (Batch | undefined)[]): Promise<Phones> {
  const all: Record<string, unknown[]> = {};
  for (const c of columns) {
    all[c] = batches.flatMap((b): unknown[] => b?.[c] ?? []);
    await pause();
  }
  return all as unknown as Phones;
}

/**
 * Every available phone, in id order and batches of `chunk`, and the mark the change feed starts from: the
 * sequence's last number and the changes up to it that had committed, read first (their effect is in the rows).
 */
export async function loadPhones(db: Db, chunk = LOAD_CHUNK): Promise<{ start: LoadMark; phones: Phones }> {
  const [last] = await rows<{ seq: string }>(db, sql`select (case when is_called then last_value else 0 end)::text as seq from search_changes_seq_seq`);
  const mark = Number(last!.seq);
  const floor = Math.max(0, mark - START_OVERLAP);
  const committed = await rows<{ seq: string }>(db, sql`select seq::text as seq from search_changes where seq > ${floor} and seq <= ${mark}`);
  const batches: (Batch | undefined)[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const [batch] = await rows<Batch>(db, batchOf(sql`p.id > ${after}::uuid`, chunk));
    const ids = batch?.ids ?? [];
    batches.push(batch);
    if (ids.length < chunk) break;
    after = ids.at(-1)!;
  }
  return { start: { mark, floor, committed: committed.map((c) => Number(c.seq)) }, phones: await joined(batches) };
}

/** These phones as they are now: those no longer available are not among them. */
export async function readPhones(db: Db, ids: string[]): Promise<Phones> {
  const [batch] = await rows<Batch>(
    db,
    batchOf(
      sql`p.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
      ids.length,
    ),
  );
  return complete(batch);
}

/** The changes numbered above `seq`, in order. */
export async function readChanges(db: Db, seq: number): Promise<Change[]> {
  const changes = await rows<{ seq: string; product_id: string }>(
    db,
    sql`select seq::text as seq, product_id from search_changes where seq > ${seq} order by search_changes.seq`,
  );
  return changes.map((c) => ({ seq: Number(c.seq), productId: c.product_id }));
}

/** Changes older than a day: every index has read them. */
export async function pruneChanges(db: Db) {
  await db.execute(sql`delete from search_changes where at < now() - interval '1 day'`);
}
