/**
 * The price guide's numbers (issue 34, item 3; decision 058) from a key's prices: sales, each with its age, or the
 * asking prices of the phones for sale. Pure, so a fixture computed by hand checks it.
 */

/** A sale's weight halves every this many days: last month's sales count twice as much as those of the month before. */
export const HALF_LIFE_DAYS = 30;
/** A price under half or over twice the plain median is a mistake or another phone (a typo, a box-only sale): left out. */
export const OUTLIER_FACTOR = 2;

export interface Priced {
  price: number;
  /** Days since it sold (0 for an asking price: all weigh the same). */
  ageDays: number;
}

export interface Stats {
  /** The quartiles and the median, in whole taka. */
  low: number;
  median: number;
  high: number;
  /** How many prices were counted (outliers left out). */
  count: number;
}

/** The plain median (the lower middle of an even count). */
function plainMedian(prices: number[]) {
  const sorted = [...prices].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The price at which the weights of the cheaper prices first reach `q` of them all. */
function weightedQuantile(sorted: { price: number; weight: number }[], total: number, q: number) {
  let sum = 0;
  for (const p of sorted) {
    sum += p.weight;
    if (sum >= q * total - 1e-9) return p.price;
  }
  return sorted.at(-1)!.price;
}

/**
 * The median and the band between the quartiles, recent prices weighing more (`HALF_LIFE_DAYS`), prices far from the
 * plain median left out (`OUTLIER_FACTOR`). Null for no prices.
 */
export function guideStats(prices: readonly Priced[]): Stats | null {
  if (!prices.length) return null;
  const middle = plainMedian(prices.map((p) => p.price));
  const kept = prices
    .filter((p) => p.price * OUTLIER_FACTOR >= middle && p.price <= middle * OUTLIER_FACTOR)
    .map((p) => ({ price: p.price, weight: 0.5 ** (p.ageDays / HALF_LIFE_DAYS) }))
    .sort((a, b) => a.price - b.price);
  const total = kept.reduce((sum, p) => sum + p.weight, 0);
  return {
    low: weightedQuantile(kept, total, 0.25),
    median: weightedQuantile(kept, total, 0.5),
    high: weightedQuantile(kept, total, 0.75),
    count: kept.length,
  };
}
