import type { Condition, SearchSort } from '@market/contract';
import { conditions, isUuid, maxTaka, parseAmount, searchSorts, storageSizes } from '@market/contract/rules';
import { findDistrict, findDivision } from '@market/contract/places';
import type { SearchArgs } from './search-api.ts';

/** A price bound as people write it ('25,000' too, and in Bangla digits: '২৫,০০০', '১২০০০'), when it is one the API takes: a whole number of taka. */
export function priceBound(text: string | null): number | undefined {
  const amount = text ? parseAmount(text) : null;
  return amount !== null && Number.isInteger(amount) && amount <= maxTaka ? amount : undefined;
}

/** Storage sizes (GB) the API knows, each once, smallest first. */
export function storageChoice(texts: string[]): number[] {
  const sizes = texts.filter((t) => /^\d+$/.test(t)).map(Number);
  return [...new Set(sizes.filter((gb) => (storageSizes as readonly number[]).includes(gb)))].sort((a, b) => a - b);
}

/** A lowest battery health the API takes: a whole percentage from 1 to 100. */
export function batteryBound(text: string | null): number | undefined {
  const n = text && /^\d{1,3}$/.test(text) ? Number(text) : 0;
  return n >= 1 && n <= 100 ? n : undefined;
}

/** The search as the URL holds it (reload, back/forward and a shared link give the same results); unknown values are dropped. */
export function readSearch(params: URLSearchParams): SearchArgs {
  const sort = params.get('sort') as SearchSort | null;
  const args: SearchArgs = {
    q: params.get('q') ?? undefined,
    category: params.getAll('category').filter(isUuid),
    condition: params.getAll('condition').filter((c): c is Condition => (conditions as readonly string[]).includes(c)),
    minPrice: priceBound(params.get('minPrice')),
    maxPrice: priceBound(params.get('maxPrice')),
    location: params.get('location') ?? undefined,
    division: findDivision(params.get('division') ?? '')?.id,
    district: findDistrict(params.get('district') ?? '')?.id,
    verified: params.get('verified') === 'true' ? 'true' : undefined,
    storage: storageChoice(params.getAll('storage')),
    minBattery: batteryBound(params.get('minBattery')),
    sort: sort && searchSorts.includes(sort) ? sort : undefined,
  };
  if (args.minPrice !== undefined && args.maxPrice !== undefined && args.minPrice > args.maxPrice) delete args.maxPrice;
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))) as SearchArgs;
}

/** The URL's search parameters for a search (shared with the saved searches' page). */
export { writeSearch } from '../../lib/search-url.ts';
