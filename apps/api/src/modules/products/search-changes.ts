import type { Change, LoadMark, Phones } from './search-loader.ts';
import type { Snapshot } from './search-snapshot.ts';

/*
 * How the search index stays true (decision 022): triggers append a numbered row to search_changes for every
 * write that touches what a search sees; before a search the index reads the rows after the last one it
 * applied, reloads those phones and drops them where they are no longer available. Numbers are taken in
 * order but commit in any order, so a gap (a transaction still open, or rolled back) is waited for a while.
 */

/** A gap in the change sequence (a transaction still open, or one rolled back) is waited for this long. */
const GAP_WAIT_MS = 30_000;

/** Where the change feed reads: the database through the loader (a unit test: plain rows). */
export interface ChangeSource {
  /** The changes numbered above `seq`, in order. */
  changes(seq: number): Promise<Change[]>;
  /** These phones as they are now: those no longer available are not among them. */
  phones(ids: string[]): Promise<Phones>;
}

/** Which changes a snapshot holds: every one up to the floor, and above it those applied (above a gap). */
export class ChangeFeed {
  private floor = 0;
  private readonly applied = new Set<number>();
  /** The highest change number seen, and when, each time it grew: a gap below one seen GAP_WAIT_MS ago is given up. */
  private seen: { seq: number; at: number }[] = [];

  /** For a snapshot just loaded: the changes up to the mark that had committed are in its rows, not applied again. */
  restart({ mark, floor, committed }: LoadMark) {
    this.floor = floor;
    this.applied.clear();
    for (const seq of committed) this.applied.add(seq);
    this.seen = [{ seq: mark, at: Date.now() }];
    this.advance(mark);
  }

  /**
   * Applies to `snap` every change not applied yet that has committed. False, with nothing applied, when
   * `isCurrent` says a new snapshot replaced it meanwhile (the new one read these changes itself).
   */
  async pull(source: ChangeSource, snap: Snapshot, isCurrent: () => boolean): Promise<boolean> {
    const changes = await source.changes(this.floor);
    const fresh = changes.filter((c) => !this.applied.has(c.seq));
    if (fresh.length > 0) {
      const ids = [...new Set(fresh.map((c) => c.productId))];
      const current = await source.phones(ids);
      if (!isCurrent()) return false;
      for (const id of ids) snap.remove(id);
      snap.add(current);
      for (const c of fresh) this.applied.add(c.seq);
    }
    this.advance(changes.length ? changes.at(-1)!.seq : this.floor);
    return true;
  }

  /** Changes applied above a gap in their numbers (a transaction still open or rolled back). */
  get aboveGap() {
    return this.applied.size;
  }

  /**
   * Moves the floor over every applied change, and over gaps below a number seen committed GAP_WAIT_MS ago:
   * a number is taken before any higher one, so its transaction has been open that long (rolled back).
   */
  private advance(highest: number) {
    const now = Date.now();
    if (highest > (this.seen.at(-1)?.seq ?? 0)) this.seen.push({ seq: highest, at: now });
    let givenUp = 0;
    while (this.seen.length > 0 && now - this.seen[0]!.at >= GAP_WAIT_MS) givenUp = this.seen.shift()!.seq;
    if (givenUp > 0) this.seen.unshift({ seq: givenUp, at: 0 });
    while (this.floor < highest) {
      const next = this.floor + 1;
      if (!this.applied.delete(next) && next >= givenUp) break;
      this.floor = next;
    }
  }
}
