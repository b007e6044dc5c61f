/*
 * How the model catalogue compares names (issue 34, decision 057): plain functions, no schema, so the web app's
 * search-as-you-type imports them without the validation code (`@market/contract/model-names`).
 */

/** Names as the catalogue compares them: lower case, Bangla digits as ASCII ones, '+' a word "plus", other signs spaces. */
export function modelWords(text: string) {
  return ` ${text
    .toLowerCase()
    .replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6))
    .replace(/\+/g, ' plus ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Words that, after a model's name, make another model ("Reno 8" + "Pro"): a name followed by one is not that model. */
const otherModelWords = new Set([
  'pro',
  'plus',
  'max',
  'ultra',
  'lite',
  'mini',
  'fe',
  'neo',
  'prime',
  'edge',
  'power',
  'play',
  'turbo',
  'speed',
  'প্রো',
  'প্লাস',
  'ম্যাক্স',
  'আল্ট্রা',
  'লাইট',
  'মিনি',
]);

/** Whether `wanted` (a name in `modelWords`' form) stands in `words` as whole words, not followed by a word of another model. */
function standsIn(words: string, wanted: string) {
  for (let at = words.indexOf(wanted); at >= 0; at = words.indexOf(wanted, at + 1)) {
    const next = words.slice(at + wanted.length).split(' ', 1)[0]!;
    if (!otherModelWords.has(next)) return true;
  }
  return false;
}

/**
 * The model a free text names ("Samsung Galaxy S23 Ultra 256GB" → Galaxy S23 Ultra): of the models whose name or an
 * alias stands in it as whole words, the one with the longest such name ("Redmi Note 13 Pro+" is not "Redmi Note 13");
 * none when the name is followed by a word of another model ("Reno 8 Pro" is not "Reno 8" when the list lacks it).
 */
export function modelIn<M extends { name: string; nameBn?: string; aliases: readonly string[] }>(free: string, models: readonly M[]): M | undefined {
  const words = modelWords(free);
  let best: { model: M; length: number } | undefined;
  for (const model of models) {
    for (const name of [model.name, ...(model.nameBn ? [model.nameBn] : []), ...model.aliases]) {
      const wanted = modelWords(name);
      if (wanted.trim() && (!best || wanted.length > best.length) && standsIn(words, wanted)) best = { model, length: wanted.length };
    }
  }
  return best?.model;
}

/**
 * A name's part of an address: lower case, '+' as "plus", each run of other signs one '-' ("Galaxy S23 Ultra" →
 * "galaxy-s23-ultra", "Xiaomi" → "xiaomi"). A model's is kept (unique within its brand); a brand's is made from its name.
 */
export function slugOf(name: string) {
  return name
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The public page of a model's prices (issue 34): `/prices/{brand}/{model}`. */
export const pricesPath = (brand: string, modelSlug: string) => `/prices/${slugOf(brand)}/${modelSlug}`;
