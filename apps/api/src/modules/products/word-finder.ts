import { holdingPiece, MAX_EXPANSIONS, typoPieces, typosAllowed } from './word-meanings.ts';

/*
 * The search index's vocabulary, laid out for finding what a query word may mean without asking the database
 * (decision 038, amended): the words sorted (a prefix is a stretch of them), their end keys sorted (the first letter,
 * then the word reversed: a suffix is a stretch of those), and the trigrams of the words long enough to be two typos
 * from a query word (9+ letters: 7+). The pieces looked up are those of `typoPieces`, as the SQL search's
 * `candidates` asks the database for them; Levenshtein then checks only what a piece found. Words that join after
 * the layout wait in a short list that is read whole, and are merged in once it grows.
 */

/** Words added since the layout are merged into it past this many. */
const RECENT = 4_096;
/** Trigrams are kept for words of this many letters and more: the shortest that can be two typos from a 9-letter word. */
const GRAMMED = 7;
/** Words laid out between two pauses while the index loads. */
const SLICE = 50_000;

/** The word reversed, code unit by code unit (the same way for every key and every lookup). */
const reversed = (word: string) => {
  let out = '';
  for (let i = word.length - 1; i >= 0; i--) out += word[i];
  return out;
};
/** The first letter, then the word reversed (as migration 0023's `search_words_first_suffix_idx`): its end as a prefix. */
const endKey = (word: string) => word[0]! + reversed(word);
const wordOfEndKey = (key: string) => reversed(key.slice(1));

/** A trigram as one number: three UTF-16 code units. */
const gram = (word: string, i: number) => (word.charCodeAt(i) * 65_536 + word.charCodeAt(i + 1)) * 65_536 + word.charCodeAt(i + 2);

let row = new Int32Array(64);
/**
 * Insertions, deletions and substitutions between two words, as PostgreSQL's `levenshtein()` (on UTF-16 code units);
 * past `most`, any number above it.
 */
export function levenshtein(x: string, y: string, most = Infinity): number {
  if (Math.abs(x.length - y.length) > most) return most + 1;
  if (row.length <= y.length) row = new Int32Array(y.length * 2);
  for (let j = 0; j <= y.length; j++) row[j] = j;
  for (let i = 1; i <= x.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    let least = i;
    for (let j = 1; j <= y.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (x.charCodeAt(i - 1) === y.charCodeAt(j - 1) ? 0 : 1));
      diagonal = above;
      if (row[j]! < least) least = row[j]!;
    }
    if (least > most) return most + 1;
  }
  return row[y.length]!;
}

/** The ids both ascending lists hold. */
function common(a: number[], b: number[]) {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

/** The first position in sorted `keys` whose key is not below `prefix`, then every key from there that begins with it. */
function* stretch(keys: string[], prefix: string) {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < keys.length && keys[i]!.startsWith(prefix); i++) yield keys[i]!;
}

/** Two sorted lists as one. */
function merged(a: string[], b: string[]) {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(b[j]! < a[i]! ? b[j++]! : a[i++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** Sorted: slices sorted at once, then merged two by two, pausing between slices (the event loop keeps serving). */
async function sortedInSlices(list: string[], pause: () => Promise<void>) {
  let runs: string[][] = [];
  for (let from = 0; from < list.length; from += SLICE) {
    runs.push(list.slice(from, from + SLICE).sort());
    await pause();
  }
  while (runs.length > 1) {
    const next: string[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      next.push(i + 1 < runs.length ? merged(runs[i]!, runs[i + 1]!) : runs[i]!);
      await pause();
    }
    runs = next;
  }
  return runs[0] ?? [];
}

export class WordFinder {
  /** Each word, by id (the order it came in): what the trigram lists point at. */
  private readonly words: string[] = [];
  /** The laid-out words, sorted, and their end keys, sorted. */
  private byStart: string[] = [];
  private byEnd: string[] = [];
  /** Words not yet in the layout. */
  private recent: string[] = [];
  /** Trigram → the ids (ascending) of the words of GRAMMED+ letters that hold it. */
  private readonly grams = new Map<number, number[]>();

  /** The finder of these words (each once), pausing between slices while the index loads. */
  static async of(words: Iterable<string>, pause: () => Promise<void> = async () => {}) {
    const finder = new WordFinder();
    let n = 0;
    for (const w of words) {
      finder.remember(w);
      if (++n % SLICE === 0) await pause();
    }
    finder.byStart = await sortedInSlices(finder.words, pause);
    finder.byEnd = await sortedInSlices(finder.words.map(endKey), pause);
    finder.recent = [];
    return finder;
  }

  get size() {
    return this.words.length;
  }

  /** A word that joined the vocabulary after the layout (the index adds each new word once). */
  add(word: string) {
    this.remember(word);
    if (this.recent.length > RECENT) {
      const recent = this.recent.sort();
      this.byStart = merged(this.byStart, recent);
      this.byEnd = merged(this.byEnd, recent.map(endKey).sort());
      this.recent = [];
    }
  }

  private remember(word: string) {
    const id = this.words.length;
    this.words.push(word);
    this.recent.push(word);
    if (word.length < GRAMMED) return;
    for (let i = 0; i + 2 < word.length; i++) {
      const g = gram(word, i);
      const list = this.grams.get(g);
      if (!list) this.grams.set(g, [id]);
      else if (list.at(-1) !== id) list.push(id);
    }
  }

  /**
   * The vocabulary words `word` may mean, best first, as the SQL search's `candidates` finds them: one of its `forms`,
   * one a form begins (`prefix`: the last word, while typing), or one holding a piece of it within 2 × its typos by
   * Levenshtein (the caller then keeps those within its typos). Ordered by form first, then Levenshtein, then length.
   */
  find(word: string, forms: string[], prefix: boolean): string[] {
    const k = typosAllowed(word);
    const scored = new Map<string, [number, number, number]>();
    const consider = (w: string, near: boolean) => {
      if (scored.has(w)) return;
      const form = forms.includes(w);
      if (form || (prefix && forms.some((f) => w.startsWith(f)))) {
        // A word the query word begins is as many edits from it as it has letters more.
        scored.set(w, [form ? 0 : 1, prefix && w.startsWith(word) ? w.length - word.length : levenshtein(w, word), w.length]);
        return;
      }
      if (!near || Math.abs(w.length - word.length) > k) return;
      const distance = levenshtein(w, word, 2 * k);
      if (distance <= 2 * k) scored.set(w, [1, distance, w.length]);
    };
    for (const f of forms) {
      for (const w of stretch(this.byStart, f)) {
        if (prefix || w === f) consider(w, false);
        if (!prefix) break;
      }
    }
    if (k > 0) {
      const pieces = typoPieces(word, k);
      for (const start of pieces.starts) for (const w of stretch(this.byStart, start)) consider(w, true);
      if (pieces.swapped) for (const w of stretch(this.byStart, pieces.swapped)) if (w === pieces.swapped) consider(w, true);
      for (const key of stretch(this.byEnd, word[0]! + reversed(pieces.suffix))) consider(wordOfEndKey(key), true);
      for (const middle of pieces.middles ?? []) {
        const lists = [0, 1].map((i) => this.grams.get(gram(middle, i)) ?? []);
        for (const id of common(lists[0]!, lists[1]!)) if (this.words[id]!.includes(middle)) consider(this.words[id]!, true);
      }
    }
    const holds = k > 0 ? holdingPiece(word, k) : () => false;
    for (const w of this.recent) consider(w, holds(w));
    return [...scored.entries()]
      .sort(([a, x], [b, y]) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, MAX_EXPANSIONS)
      .map(([w]) => w);
  }
}
