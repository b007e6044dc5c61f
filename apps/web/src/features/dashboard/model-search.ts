import type { PhoneModel } from '@market/contract';
import { modelWords } from '@market/contract/model-names';

/** A model's words a search looks in: its brand, name, other names and Bangla name, as the catalogue compares them. */
const wordsOf = (m: PhoneModel) =>
  modelWords([m.brand.category, m.name, ...m.aliases, m.nameBn].join(' '))
    .trim()
    .split(' ');

/**
 * The catalogue's models a seller's text names as they type it (search-as-you-type): every typed word begins a word of
 * the model's ("s23 ul", "রেডমি নোট ১৩"), the chosen brand's models only when one is chosen; those whose name begins with
 * the text first, then the newest. At most `limit`.
 */
export function findModels(models: readonly PhoneModel[], text: string, brandId: string, limit = 8): PhoneModel[] {
  const typed = modelWords(text).trim();
  if (!typed) return [];
  const wanted = typed.split(' ');
  const found = models.filter((m) => {
    if (brandId && m.brand._id !== brandId) return false;
    const words = wordsOf(m);
    return wanted.every((w) => words.some((word) => word.startsWith(w)));
  });
  const begins = (m: PhoneModel) => [m.name, ...m.aliases, m.nameBn].some((n) => modelWords(n).trim().startsWith(typed));
  return found
    .map((m, i) => ({ m, i, first: begins(m) ? 0 : 1 }))
    .sort((a, b) => a.first - b.first || (b.m.year ?? 0) - (a.m.year ?? 0) || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.m);
}

/** The name a listing of the model is posted under: its brand in front, unless the name starts with it ("Realme 11"). */
export function listingName(m: PhoneModel) {
  return m.name.toLowerCase().startsWith(m.brand.category.toLowerCase()) ? m.name : `${m.brand.category} ${m.name}`;
}
