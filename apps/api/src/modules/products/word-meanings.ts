import { asc, desc, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchWords } from '../../db/schema.ts';
import type { QueryWord } from './query-words.ts';

/*
 * What a query word means (decisions 020 and 038): itself, the vocabulary words it begins (the last word, while
 * typing) and those within its typos. The candidates come from indexes on the vocabulary, never from a pass over
 * all of it: a word within k typos keeps one of k + 1 pieces of the query word untouched (see typoPieces), and
 * each piece is found by an index (prefix, suffix: btree; middle: trigrams). Levenshtein only checks those.
 */

/** At most this many words per query word. */
export const MAX_EXPANSIONS = 40;

/** How many typos a word may carry: none below 5 letters, one from 5, two from 9. */
export const typosAllowed = (word: string) => (word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbours, each one typo ('iphnoe' is one typo from 'iphone'; plain Levenshtein counts two).
 */
export function typoDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** Typos between two words as Meilisearch counts them: one on the first letter costs two ('iphone' is not 'phone'). */
export const typoCost = (a: string, b: string) => typoDistance(a, b) + (a[0] === b[0] ? 0 : 1);

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Where a word within k typos of `word` must hold a piece of it unchanged (decision 038).
 *
 * One typo (5 to 8 letters): the word is cut in two halves. An edit in the first half (or an insertion before it)
 * leaves the second at the end, one in the second (or after it) leaves the first at the start, an insertion
 * between them leaves both, and a swap across the cut is one word (`swapped`). A first letter changed costs two
 * typos, so a candidate also keeps it: the suffix is looked for with the first letter before it.
 *
 * Two typos (9+ letters): three pieces with one letter between each two, so that an edit changes at most one piece
 * (a swap across a gap changes the piece on one side; an insertion before the first letter counts against the
 * first piece, one after the last against the last); with two typos one piece is untouched: the first at the
 * start, the middle one (3 letters: the trigram index) somewhere, the last at the end. A candidate whose first
 * letter differs has one more typo only, which changed the first piece: the middle one is untouched. So the last
 * piece is looked up with the first letter before it, as for one typo.
 * The first piece alone (2 letters for 9) would read a thousandth of a large vocabulary. It is needed only when the
 * two typos changed the middle and the last piece, and then the letter after it (the first gap) is untouched too,
 * unless swapped with the middle's first: so the start is looked up as the first piece with that letter, or with the
 * two swapped (`starts`), each one letter longer. Likewise the middle piece is needed only when the last piece changed
 * and the start did not hold: the first typo is then at the start, the other at the end, and the letter after the
 * middle (the second gap) is untouched unless swapped with the last piece's first. So it is looked up with that letter
 * after it, or with the last piece's first (`middles`): 4 letters, two trigrams the index must both hold.
 */
export function typoPieces(word: string, k: number): { starts: string[]; suffix: string; middles?: string[]; swapped?: string } {
  const n = word.length;
  if (k === 1) {
    const a = Math.ceil(n / 2);
    const swapped = word.slice(0, a - 1) + word[a]! + word[a - 1]! + word.slice(a + 1);
    return { starts: [word.slice(0, a)], suffix: word.slice(a), swapped };
  }
  const left = Math.ceil((n - 5) / 2);
  const starts = [word.slice(0, left + 1), word.slice(0, left) + word[left + 1]! + word[left]!];
  const middle = word.slice(left + 1, left + 4);
  return { starts, middles: [middle + word[left + 4]!, middle + word[left + 5]!], suffix: word.slice(left + 5) };
}

/** Whether a candidate holds one of `word`'s pieces where the indexes look for it (what `candidates` asks the database). */
export function holdingPiece(word: string, k: number): (candidate: string) => boolean {
  const { starts, suffix, middles = [], swapped } = typoPieces(word, k);
  return (candidate) =>
    candidate === swapped ||
    starts.some((s) => candidate.startsWith(s)) ||
    (candidate.endsWith(suffix) && candidate[0] === word[0]) ||
    middles.some((m) => candidate.includes(m));
}

export const holdsPiece = (candidate: string, word: string, k: number) => holdingPiece(word, k)(candidate);

/** The vocabulary words a query word may mean, by index: the candidates levenshtein then checks (exported for the plan test). */
export function candidates(db: Db, word: string, forms: string[], prefix: boolean) {
  const k = typosAllowed(word);
  const conditions: SQL[] = [inArray(searchWords.word, forms)];
  if (prefix) conditions.push(...forms.map((f) => sql`${searchWords.word} like ${`${escapeLike(f)}%`}`));
  if (k > 0) {
    // Candidates by Levenshtein (a swap counts two there), kept when the swap-aware distance allows them.
    const near = sql`length(${searchWords.word}) between ${word.length - k} and ${word.length + k} and levenshtein(${searchWords.word}, ${word}) <= ${2 * k}`;
    const pieces = typoPieces(word, k);
    const reversed = escapeLike([...pieces.suffix].reverse().join(''));
    const kept = [
      ...pieces.starts.map((start) => sql`${searchWords.word} like ${`${escapeLike(start)}%`}`),
      sql`(left(${searchWords.word}, 1) || reverse(${searchWords.word})) like ${`${escapeLike(word[0]!)}${reversed}%`}`,
      ...(pieces.middles ?? []).map((middle) => sql`${searchWords.word} like ${`%${escapeLike(middle)}%`}`),
      ...(pieces.swapped ? [sql`${searchWords.word} = ${pieces.swapped}`] : []),
    ];
    conditions.push(sql`(${or(...kept)} and ${near})`);
  }
  return db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(or(...conditions))
    .orderBy(desc(inArray(searchWords.word, forms)), sql`levenshtein(${searchWords.word}, ${word})`, asc(sql`length(${searchWords.word})`))
    .limit(MAX_EXPANSIONS);
}

export interface Word {
  word: string;
  /** The word itself, the words it begins (last word only) and the words within its typos. */
  means: string[];
}

export interface Ask {
  word: string;
  /** The word and its other spellings (a Bangla brand's, decision 032). */
  forms: string[];
  /** Whether it also means the words it begins (the last word, while typing). */
  prefix: boolean;
}

/**
 * The candidates of every asked word in one statement, each word's own query tagged with its place: on PGlite every
 * statement waits its turn on the one queue (and makes the next request wait), so a search of 8 unknown words asks
 * once instead of 8 times (decision 038).
 */
export async function candidatesOfAll(db: Db, asks: Ask[]): Promise<string[][]> {
  const found = asks.map((): string[] => []);
  if (asks.length === 0) return found;
  const each = asks.map((a, i) => sql`(select ${i}::int as i, c.word from (${candidates(db, a.word, a.forms, a.prefix)}) as c)`);
  const result = (await db.execute(sql.join(each, sql` union all `))) as unknown as { rows: { i: number; word: string }[] };
  for (const row of result.rows) found[Number(row.i)]!.push(row.word);
  return found;
}

/** Where the candidates of a search's words come from: the search index's vocabulary, or the database's (`candidatesOfAll`). */
export type Lookup = (asks: Ask[]) => string[][] | Promise<string[][]>;

/**
 * Each query word with what it may mean. The words the index's meanings cache does not know are looked up together
 * (by `lookup`: one pass or one statement) if the search's `deadline` (a `performance.now()` time) has not passed when it gets there;
 * otherwise they mean only themselves (and their Bangla spellings), so a search that runs out answers with what it has
 * (decision 038). `known`: what words meant before, kept by the search index until a new word joins its vocabulary.
 */
export async function expand(lookup: Lookup, words: QueryWord[], prefixLast: boolean, known?: Map<string, string[]>, deadline = Infinity): Promise<Word[]> {
  // The word and its other spellings each mean themselves and, while typed, the words they begin; typos are
  // forgiven the word only (a Bangla spelling is no typo of its English word).
  const asks = words.map(({ word, also }, i): Ask & { key: string } => {
    const prefix = prefixLast && i === words.length - 1;
    const forms = [word, ...also];
    return { word, forms, prefix, key: `${prefix ? '*' : ''}${forms.join(' ')}` };
  });
  const unknown = asks.filter((a) => !known?.has(a.key));
  const inTime = performance.now() < deadline;
  const rows = inTime && unknown.length ? await lookup(unknown) : [];
  const looked = new Map<string, string[]>();
  unknown.forEach((a, i) => {
    if (!inTime) return;
    const { word, forms, prefix } = a;
    const k = typosAllowed(word);
    const close = rows[i]!.filter((w) => forms.includes(w) || (prefix && forms.some((f) => w.startsWith(f))) || typoCost(w, word) <= k);
    const means = [...new Set([word, ...close])];
    known?.set(a.key, means);
    looked.set(a.key, means);
  });
  return asks.map((a) => ({ word: a.word, means: known?.get(a.key) ?? looked.get(a.key) ?? a.forms }));
}
