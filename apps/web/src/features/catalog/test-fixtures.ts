import { i18n } from '@lingui/core';
import { intlLocale, type Product, type Review, type SellerRating } from '@market/contract';
import type { Namespace } from '@market/contract/locales/types.ts';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadCatalog } from '../../lib/i18n.ts';

/** A listing's every spec and declaration (for test-utils' aProduct). */
export const allSpecs: Partial<Product> = {
  phoneModel: { _id: '0e7c3a52-1b9d-4f6e-8a2c-5d4b3c2a1f00', name: 'iPhone 13', nameBn: 'আইফোন ১৩', slug: 'iphone-13' },
  model: 'A2633',
  storageGb: 128,
  ramGb: 4,
  colour: 'Midnight',
  batteryHealth: 88,
  notLocked: true,
  boxAndCharger: false,
  warrantyMonths: 3,
  imei: '•••••••••••7518',
};

/** The phone page's description list as term → values (a term may have several: the condition and what it means). */
export function terms() {
  const list: Record<string, string[]> = {};
  let term = '';
  for (const el of document.querySelectorAll('main dl > *')) {
    if (el.tagName === 'DT') list[(term = el.textContent!)] = [];
    else list[term]!.push(el.textContent!);
  }
  return list;
}

/** A review of a Pixel 7, as the API lists it: the first one answered, the second edited. */
export const aReview = (n: number, stars: number): Review => ({
  _id: `00000000-0000-4000-8000-00000000010${n}`,
  stars,
  text: `Review number ${n}`,
  reviewer: `Buyer ${n}`,
  productName: 'Pixel 7',
  date: '2026-11-20T10:00:00.000Z',
  edited: n === 2 ? '2026-11-21T10:00:00.000Z' : null,
  answer: n === 1 ? { text: 'Thank you!', date: '2026-11-21T10:00:00.000Z' } : null,
});

/**
 * The API's answers about one seller, for test-utils' fakeApi: their page's head (`rating`, 12 sold, 1 on sale), their
 * phones on sale and their reviews, each list one page; anything else is not found.
 */
export function sellerAnswers(seller: { _id: string; name: string }, rating: SellerRating, reviews: Review[], listings: Product[] = []) {
  const profile = {
    _id: seller._id,
    name: seller.name,
    userImg: '',
    sellerVerified: true,
    numberVerified: true,
    memberSince: '2025-01-01T00:00:00.000Z',
    rating,
    soldCount: 12,
    liveCount: 1,
  };
  const page = (data: unknown[]) => ({ status: 200, body: { success: true, data, meta: { nextCursor: null } } });
  return ({ path }: { path: string }) => {
    if (path === `/api/seller/${seller._id}`) return { status: 200, body: { success: true, data: profile } };
    if (path === `/api/seller-listings/${seller._id}`) return page(listings);
    if (path === `/api/seller-reviews/${seller._id}`) return page(reviews);
    return { status: 404, body: {} };
  };
}

/** Each test of the describe block in Bangla, signed out, with the catalogs its screens use; English again after it. */
export function inBangla(namespaces: Namespace[] = ['catalog', 'common', 'forms']) {
  beforeEach(async () => {
    localStorage.clear();
    await Promise.all(namespaces.map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });
}
