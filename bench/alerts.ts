// The saved searches' benchmark (issue 34, item 5; decision 056), on PostgreSQL: SEARCHES saved searches of PEOPLE
// people, written as people write them (a model's words, often a district or division, a brand, a price bound), laid
// out as the API lays them out; then PHONES new phones of those models, each matched as the 'search-alerts' job does
// (the anchored searches' statement and the words' check): the time of one match, p50 and p99 (target p99 <= 20 ms).
// Usage: node bench/alerts.ts [--quick] [--searches=100000]  (npm run bench:alerts); updates `alerts` in bench/results.json.
import { districtIds } from '@market/contract/places';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDirIn } from '../apps/api/src/db/client.ts';
import { searchesMatching } from '../apps/api/src/modules/alerts/match.ts';
import { keptQuery, layout, leastOf } from '../apps/api/src/modules/alerts/service.ts';
import { generate } from './generate.ts';
import { backgroundLoad, readResults, round, runMain, table, writeResults } from './lib.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const quick = args.includes('--quick');
const SEARCHES = Number(arg('searches', quick ? '20000' : '100000'));
const PEOPLE = Math.ceil(SEARCHES / 5);
const PHONES = quick ? 200 : 1000;
const TARGET_P99_MS = 20;

/** A series' models: a name before each number (`Galaxy A` 04…74 by 10). */
const series = (name: string, numbers: (number | string)[], suffixes: string[] = ['']) => numbers.flatMap((n) => suffixes.map((x) => `${name}${n}${x}`.trim()));

/**
 * Models people look for, by brand (about 160, as a catalogue of the phones sold in Bangladesh would hold): a search is
 * one of them, sometimes without its last word or only its first.
 */
const models: Record<string, string[]> = {
  Apple: series('iPhone ', [8, 11, 12, 13, 14, 15, 16], ['', ' Pro', ' Pro Max', ' Plus']).concat(['iPhone XR', 'iPhone XS Max', 'iPhone SE']),
  Samsung: [
    ...series('Galaxy A', ['05', 14, 15, 24, 25, 34, 35, 54, 55, 73]),
    ...series('Galaxy S', [20, 21, 22, 23, 24], ['', ' Plus', ' Ultra', ' FE']),
    ...series('Galaxy M', [14, 34, 54]),
    ...series('Galaxy Note ', [10, 20], ['', ' Ultra']),
    'Galaxy Z Flip 5',
    'Galaxy Z Fold 5',
  ],
  Xiaomi: [
    ...series('Redmi Note ', [10, 11, 12, 13], ['', ' Pro', ' Pro Plus']),
    ...series('Redmi ', [10, 12, 13], ['', 'C']),
    ...series('Poco X', [5, 6], ['', ' Pro']),
    'Poco F5',
    'Xiaomi 13T',
    'Xiaomi 14',
  ],
  Google: series('Pixel ', ['6', '6a', '7', '7a', '8', '8a'], ['', ' Pro']),
  OnePlus: [...series('OnePlus ', [9, 10, 11, 12], ['', ' Pro', 'R']), ...series('OnePlus Nord CE ', [2, 3, 4])],
  Realme: [
    ...series('Realme C', [53, 55, 67]),
    ...series('Realme ', [10, 11, 12], ['', ' Pro', ' Pro Plus']),
    ...series('Realme Narzo ', [60, 70], ['', ' Pro']),
  ],
};
const brands = Object.keys(models);

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(34);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

runMain(async () => {
  const log = (msg: string) => console.log(msg);
  const data = await generate('postgres', 1000, log);
  const database = await openDatabase({ url: data.databaseUrl, pgliteDir: pgliteDirIn(data.dataDir) });
  const { db } = database;
  try {
    const categories = ((await db.execute(sql`select id, name from categories`)) as unknown as { rows: { id: string; name: string }[] }).rows;
    const brandId = new Map(categories.map((c) => [c.name, c.id]));
    for (const b of brands) if (!brandId.has(b)) throw new Error(`the generated data has no brand ${b}`);
    log(`${PEOPLE.toLocaleString('en')} people, ${SEARCHES.toLocaleString('en')} saved searches…`);
    await db.execute(sql`
      insert into users (provider_id, name, email, role, email_verified_at)
      select 'local:alerts-' || g, 'Alert person ' || g, 'alerts-' || g || '@bench.test', 'Buyer', now() from generate_series(1, ${PEOPLE}) g`);
    const people = ((await db.execute(sql`select id from users where email like 'alerts-%@bench.test'`)) as unknown as { rows: { id: string }[] }).rows.map(
      (r) => r.id,
    );
    const started = performance.now();
    const shared = new Map<string, number>();
    for (let from = 0; from < SEARCHES; from += 5000) {
      const rows = [];
      for (let i = from; i < Math.min(SEARCHES, from + 5000); i++) {
        const brand = pick(brands);
        const model = pick(models[brand]!);
        const words = model.split(' ');
        // Mostly a whole model, sometimes without its last word, a few only a brand's word or the brand itself.
        const r = rnd();
        const typed = r < 0.6 ? model : r < 0.8 ? words.slice(0, Math.max(1, words.length - 1)).join(' ') : r < 0.9 ? words[0]! : undefined;
        const query = keptQuery({
          ...(typed ? { q: typed } : { category: [brandId.get(brand)!] }),
          ...(rnd() < 0.35 ? { district: pick(districtIds) } : rnd() < 0.2 ? { division: pick(['dhaka', 'chattogram', 'khulna', 'sylhet']) } : {}),
          ...(rnd() < 0.4 ? { maxPrice: 10000 + Math.floor(rnd() * 40) * 2500 } : {}),
          ...(rnd() < 0.15 ? { condition: [pick(['Excellent', 'Good'] as const)] } : {}),
        });
        // Anchored as saveSearch anchors it: on the key the fewest searches share so far.
        const { anchors, fields } = layout(query);
        const anchor = leastOf(anchors, (a) => shared.get(a) ?? 0);
        shared.set(anchor, (shared.get(anchor) ?? 0) + 1);
        rows.push({ user: people[i % people.length]!, query, key: `${JSON.stringify(query)}#${i}`, anchor, ...fields });
      }
      await db.execute(sql`
        insert into saved_searches (user_id, query, query_key, frequency, anchor, words, categories, conditions, min_price, max_price, area, district,
          division, verified, storage, min_battery)
        select r.user_id, r.query, r.key, 'instant', r.anchor, r.words, r.categories, r.conditions, r.min_price, r.max_price, r.area, r.district,
          r.division, r.verified, r.storage, r.min_battery
        from jsonb_to_recordset(${JSON.stringify(
          rows.map((r) => ({
            user_id: r.user,
            query: r.query,
            key: r.key,
            anchor: r.anchor,
            words: r.words,
            categories: r.categories,
            conditions: r.conditions,
            min_price: r.minPrice,
            max_price: r.maxPrice,
            area: r.area,
            district: r.district,
            division: r.division,
            verified: r.verified,
            storage: r.storage,
            min_battery: r.minBattery,
          })),
        )}::jsonb) as r(user_id uuid, query jsonb, key text, anchor text, words text[], categories uuid[], conditions text[], min_price int, max_price int,
          area text, district text, division text, verified boolean, storage int[], min_battery int)`);
    }
    await db.execute(sql`analyze saved_searches`);
    log(`saved in ${round((performance.now() - started) / 1000, 1)} s; the most shared anchors:`);
    const top = (
      (await db.execute(sql`select anchor, count(*)::int as n from saved_searches group by anchor order by n desc limit 5`)) as unknown as {
        rows: { anchor: string; n: number }[];
      }
    ).rows;
    console.log(
      table(
        ['anchor', 'searches'],
        top.map((r) => [r.anchor, r.n]),
      ),
    );

    // New phones of those models, as the job reads them (their words as the search document has them).
    const seller = ((await db.execute(sql`select id from users where role = 'Seller' limit 1`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const phones = Array.from({ length: PHONES }, () => {
      const brand = pick(brands);
      const name = pick(models[brand]!);
      const words = [...new Set(`${name} ${brand} used phone in good condition with box`.toLowerCase().split(' '))];
      return {
        id: '00000000-0000-4000-8000-000000000000',
        seller_id: seller,
        product_name: name,
        category_id: brandId.get(brand)!,
        condition: pick(['Excellent', 'Good', 'Fair']),
        resale_price: 10000 + Math.floor(rnd() * 60) * 2500,
        location: 'Somewhere',
        district: pick(districtIds),
        storage_gb: 128,
        battery_health: 90,
        verified: rnd() < 0.5,
        words,
      };
    });
    const load = await backgroundLoad();
    // Warm-up: the statement's plan and the index's pages.
    for (const phone of phones.slice(0, 50)) await searchesMatching(db, phone);
    const times: number[] = [];
    let matched = 0;
    for (const phone of phones) {
      const t0 = performance.now();
      const found = await searchesMatching(db, phone);
      times.push(performance.now() - t0);
      matched += found.length;
    }
    times.sort((a, b) => a - b);
    const result = {
      searches: SEARCHES,
      phones: PHONES,
      matchedPerPhone: round(matched / PHONES, 1),
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      max: round(times.at(-1)!),
      target: TARGET_P99_MS,
      backgroundLoad: load === undefined ? null : round(load),
    };
    console.log(
      table(
        ['saved searches', 'phones matched', 'searches matched a phone', 'p50 ms', 'p99 ms', 'max ms', 'target p99'],
        [[result.searches, result.phones, result.matchedPerPhone, result.p50, result.p99, result.max, `≤ ${TARGET_P99_MS}`]],
      ),
    );
    console.log(result.p99 <= TARGET_P99_MS ? 'p99 within the target' : 'p99 above the target');
    if (!quick) writeResults({ ...readResults(), alerts: result });
  } finally {
    await database.close();
    await data.drop();
  }
});
