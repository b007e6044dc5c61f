import { banglaSeriesLetters, banglaWords } from './bangla-words.ts';

/*
 * How a search query becomes words (decisions 020 and 032), for the search index and the SQL search alike:
 * the text is read as the documents are written (searchText), split into words of letters, marks and
 * digits, and a Bangla brand or model word is read as its English word ('আইফোন ১৩' → 'iphone 13'),
 * carrying its Bangla spellings along so that a Bangla description still matches it. Other Bangla words
 * stay as typed.
 */

const MAX_WORDS = 8;

/** A query word: what it is read as (English for a known Bangla word), and other spellings documents may hold of it. */
export interface QueryWord {
  word: string;
  also: string[];
}

const BANGLA = /[\u0980-\u09FF]/u;
const BANGLA_DIGIT = /[০-৯]/gu;
const HASANTA = '\u09CD';
const NUKTA = '\u09BC';

/**
 * Text as the search documents are made of (migration 0019's `search_text`): no zero-width (non-)joiners,
 * which only steer how a conjunct is drawn; Unicode NFC; Bangla digits as ASCII ones ('১৩' → '13').
 */
export const searchText = (text: string) =>
  text
    .replace(/[\u200C\u200D]/gu, '')
    .normalize('NFC')
    .replace(BANGLA_DIGIT, (d) => String(d.charCodeAt(0) - 0x09e6));

/**
 * A Bangla spelling with what people write either way left out: ী as ি, ূ as ু, no nukta (য় as য), hasanta
 * or candrabindu. Two spellings with the same fold are taken for the same word. (NFC text: য় is য + nukta.)
 */
const fold = (bangla: string) =>
  bangla
    .replace(/ী/gu, 'ি')
    .replace(/ূ/gu, 'ু')
    .replace(/[\u09BC\u09CD\u0981]/gu, '');

/**
 * The spellings of a listed one that a document may hold: ি or ী, ু or ূ, য় or য, and a hasanta between two
 * consonants kept or not ('আল্ট্রা', 'আলট্রা'; not that of a য- or র-phala: 'স্যা' is not written 'সযা').
 */
function variants(spelling: string): string[] {
  const chars = [...spelling.normalize('NFC')];
  let forms = [''];
  chars.forEach((c, i) => {
    const next = chars[i + 1];
    let options = [c];
    if (c === 'ি' || c === 'ী') options = ['ি', 'ী'];
    else if (c === 'ু' || c === 'ূ') options = ['ু', 'ূ'];
    else if (c === NUKTA && chars[i - 1] === 'য') options = [NUKTA, ''];
    else if (c === HASANTA && next !== undefined && next !== 'য' && next !== 'র') options = [HASANTA, ''];
    forms = forms.flatMap((f) => options.map((o) => f + o));
  });
  return forms;
}

/** Folded Bangla spelling → English word; English word → every Bangla spelling of it. */
function dictionary(entries: Record<string, string[]>, taken: Map<string, string>) {
  const byFold = new Map<string, string>();
  const spellings = new Map<string, string[]>();
  for (const [english, listed] of Object.entries(entries)) {
    for (const spelling of listed) {
      const key = fold(spelling.normalize('NFC'));
      const other = taken.get(key);
      if (other !== undefined && other !== english) throw new Error(`bangla-words.ts: '${spelling}' stands for both '${other}' and '${english}'`);
      taken.set(key, english);
      byFold.set(key, english);
    }
    spellings.set(english, [...new Set(listed.flatMap(variants))]);
  }
  return { byFold, spellings };
}

const taken = new Map<string, string>();
const words = dictionary(banglaWords, taken);
const series = dictionary(banglaSeriesLetters, taken);

/**
 * The Bangla spellings documents may hold of an English query word: its own, and a model code's with its
 * series letters in Bangla ('s23' → 'এস23', '5g' → '5জি' besides 'ফাইভজি').
 */
function banglaOf(word: string): string[] {
  const own = words.spellings.get(word) ?? [];
  const model = /^([a-z]?)(\d+)([a-z]?)$/u.exec(word);
  if (!model || (!model[1] && !model[3])) return own;
  const before = model[1] ? series.spellings.get(model[1]) : [''];
  const after = model[3] ? series.spellings.get(model[3]) : [''];
  if (!before || !after) return own;
  return [...own, ...before.flatMap((b) => after.map((a) => b + model[2]! + a))];
}

const english = (word: string): QueryWord => ({ word, also: banglaOf(word) });
/** A known Bangla word: its English word, its spellings, and the one typed (which may be none of them). */
const translated = (word: string, typed: string): QueryWord => ({ word, also: [...new Set([...banglaOf(word), typed])] });

/** A Bangla word a buyer is still typing, read as the one English word all dictionary words it begins mean ('আইফো' → iphone). */
function begun(prefix: string): string | undefined {
  const key = fold(prefix);
  if ([...key].length < 2) return undefined;
  let found: string | undefined;
  for (const [spelling, word] of words.byFold) {
    if (!spelling.startsWith(key)) continue;
    if (found !== undefined && found !== word) return undefined;
    found = word;
  }
  return found;
}

/** One word of the query as typed (lower case, as searchText makes it); `unfinished`: the last one, still being typed. */
function readWord(token: string, unfinished: boolean): QueryWord[] {
  if (!BANGLA.test(token)) return [english(token)];
  const parts = token.match(/[\u0980-\u09FF]+|[^\u0980-\u09FF]+/gu)!;
  if (parts.length === 1) {
    const known = words.byFold.get(fold(token)) ?? (unfinished ? begun(token) : undefined);
    return [known ? translated(known, token) : { word: token, also: [] }];
  }
  // Written together with a number or Latin letters ('আইফোন১৩', 'এস২৩', '৫জি'): read part by part when each
  // Bangla part is known; a series letter stays with its number ('s23', '5g'), as model names write them.
  const read: QueryWord[] = [];
  let open = false; // the last word is a series letter its number follows
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = read.at(-1);
    if (!BANGLA.test(part)) {
      if (open) last!.word += part;
      else read.push({ word: part, also: [] });
      open = false;
      continue;
    }
    const letter = series.byFold.get(fold(part));
    const known = words.byFold.get(fold(part));
    if (letter && /^\d/u.test(parts[i + 1] ?? '')) {
      read.push({ word: letter, also: [] });
      open = true;
    } else if (letter && last && i > 0 && /\d$/u.test(parts[i - 1]!)) last.word += letter;
    else if (known) read.push(translated(known, part));
    else return [{ word: token, also: [] }];
  }
  // The also of a word made of parts is that of the whole ('s23' → 'এস23').
  return read.map((w) => (w.also.length ? w : english(w.word)));
}

/** The query's words (at most 8, each once), as the search matches them. */
export function readQuery(q: string): QueryWord[] {
  const tokens = searchText(q)
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  const unfinished = !/\s$/u.test(q);
  const byWord = new Map<string, QueryWord>();
  tokens.forEach((token, i) => {
    for (const w of readWord(token, unfinished && i === tokens.length - 1)) {
      const seen = byWord.get(w.word);
      byWord.set(w.word, seen ? { word: w.word, also: [...new Set([...seen.also, ...w.also])] } : w);
    }
  });
  return [...byWord.values()].slice(0, MAX_WORDS);
}

/** The query's words as the search reads them. */
export const queryWords = (q: string) => readQuery(q).map((w) => w.word);
