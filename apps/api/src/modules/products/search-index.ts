import type { Db } from '../../db/client.ts';
import { BitsPool } from './search-bits.ts';
import { ChangeFeed, type ChangeSource } from './search-changes.ts';
import { loadPhones, pruneChanges, readChanges, readPhones } from './search-loader.ts';
import { queryIndex, type IndexAnswer, type IndexQuery } from './search-query.ts';
import { Snapshot } from './search-snapshot.ts';
import { similarIn, type SimilarTo } from './search-similar.ts';
import type { Ask } from './word-meanings.ts';

/*
 * The in-process search index (decision 022): every available phone in typed arrays, a posting list per
 * word of the search documents, and per brand × condition × verified group the phones in price order and
 * in newest order. PostgreSQL stays the truth: the index is loaded from it (search-loader.ts), laid out
 * (search-snapshot.ts), follows it through the search_changes rows its triggers write (search-changes.ts,
 * read before every search, so a search sees every write that finished before it began, on any instance),
 * and answers (search-query.ts) which phones, in which order, and the counts; the rows come from the
 * database. The SQL search is its test oracle (apps/api/test/search-oracle.ts).
 */

export class SearchIndex {
  private snap: Snapshot | undefined;
  private building: Promise<void> | undefined;
  /** Counts resets: a load begun before one is thrown away. */
  private generation = 0;
  private readonly feed = new ChangeFeed();
  private pulling: Promise<void> | undefined;
  private pullTicket = 0;
  private pulledTicket = 0;
  private lastPrune = 0;
  private readonly pool = new BitsPool();

  private readonly db: Db;
  private readonly source: ChangeSource;
  constructor(db: Db) {
    this.db = db;
    this.source = { changes: (seq) => readChanges(db, seq), phones: (ids) => readPhones(db, ids) };
  }

  get ready() {
    return this.snap !== undefined;
  }

  /** Builds the index from the database (again, when the rows changed behind its back: tests empty tables). */
  build(): Promise<void> {
    if (!this.building) {
      const building = this.load(this.generation).finally(() => {
        if (this.building === building) this.building = undefined;
      });
      this.building = building;
    }
    return this.building;
  }

  /** Forgets everything, a load under way too: the next search rebuilds first. */
  reset() {
    this.snap = undefined;
    this.building = undefined;
    this.generation++;
  }

  private async load(generation: number) {
    const { start, phones } = await loadPhones(this.db);
    const snap = await Snapshot.laidOut(phones);
    if (generation !== this.generation) return;
    this.snap = snap;
    this.feed.restart(start);
  }

  /** Applies every change that had committed when this was called (joins a read that began later, if any). */
  async catchUp(): Promise<void> {
    while (!this.snap) await this.build();
    const ticket = ++this.pullTicket;
    while (this.pulledTicket < ticket) {
      this.pulling ??= this.pull().finally(() => (this.pulling = undefined));
      await this.pulling;
    }
  }

  private async pull() {
    const upTo = this.pullTicket;
    const snap = this.snap!;
    // Rebuilt meanwhile: the next pull reads for the new snapshot.
    if (!(await this.feed.pull(this.source, snap, () => this.snap === snap))) return;
    this.pulledTicket = upTo;
    // Every change makes a dead slot and a phone outside the layout: past as many dead as live, or one added
    // for every eight laid out, a fresh load (the old one answers meanwhile).
    const added = snap.size - snap.laid;
    if (snap.dead > Math.max(50_000, snap.slotOf.size) || added > Math.max(20_000, snap.laid / 8)) void this.build().catch(() => undefined);
    if (Date.now() - this.lastPrune > 3_600_000) {
      this.lastPrune = Date.now();
      await pruneChanges(this.db);
    }
  }

  /** The phones of a search, in its order, with the total and every facet (each without its own filter). */
  query(q: IndexQuery): IndexAnswer {
    return queryIndex(this.snap!, this.pool, q);
  }

  /** Up to `limit` phones like `phone` (search-similar.ts): their ids, the most alike first. */
  similar(phone: SimilarTo, limit: number): string[] {
    return this.snap ? similarIn(this.snap, phone, limit) : [];
  }

  /** The candidates of each asked word from the index's vocabulary (word-finder.ts): what `expand` looks up. */
  readonly findWords = (asks: Ask[]): string[][] => asks.map((a) => this.snap?.finder?.find(a.word, a.forms, a.prefix) ?? []);

  /** What query words meant while the vocabulary stays as it is (bounded: cleared past 10,000 words). */
  meanings(): Map<string, string[]> {
    const known = this.snap?.meanings ?? new Map<string, string[]>();
    if (known.size > 10_000) known.clear();
    return known;
  }

  /** Phones in the index, those of them in the layout made at load, dead slots, …: for the log and the tests. */
  stats() {
    const snap = this.snap;
    return {
      phones: snap?.slotOf.size ?? 0,
      laidOut: snap?.alive.count(0, snap.laid) ?? 0,
      dead: snap?.dead ?? 0,
      words: snap?.postings.size ?? 0,
      /** Changes applied above a gap in their numbers (a transaction still open or rolled back). */
      aboveGap: this.feed.aboveGap,
    };
  }
}
