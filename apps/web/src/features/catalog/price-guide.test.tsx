import type { PriceGuide, Product } from '@market/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, fakeApi, renderAt, type Call } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';
import { allSpecs, inBangla } from './test-fixtures.ts';

/** Issue 34, item 3: a phone's page says how its price stands against the usual price of its model, storage and condition. */
const phone = aProduct({ ...allSpecs, resalePrice: 65_000 });
const sales: PriceGuide = { basis: 'sales', low: 66_000, median: 70_000, high: 74_000, count: 7, days: 90 };

function show(guide: PriceGuide | null, product: Product = phone) {
  const calls = fakeApi(({ path }: Call) => {
    if (path === `/api/detail-product/${product._id}`) return { status: 200, body: { success: true, data: product } };
    if (path === '/api/price-guide') return { status: 200, body: { success: true, data: guide } };
    return { status: 404, body: {} };
  });
  renderAt(`/detail-product/${product._id}`, <DetailPage />, '/detail-product/:id');
  return calls;
}

describe('the price guide on a phone’s page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('says how far below (or above) the usual price of its sales the phone is, asking for its model, storage and condition', async () => {
    show(sales);
    expect(await screen.findByText('5,000 BDT below the usual price of 7 sales')).toBeInTheDocument();
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([request]) => new URL((request as Request).url))
      .find((url) => url.pathname === '/api/price-guide')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ model: allSpecs.phoneModel!._id, storage: '128', condition: 'Good' });
    // The way to the model's prices page (its brand's and its own part of the address).
    const link = screen.getByRole('link', { name: `What ${phone.categoryId.category} ${allSpecs.phoneModel!.name} phones sell for` });
    expect(link).toHaveAttribute('href', `/prices/${phone.categoryId.category.toLowerCase()}/${allSpecs.phoneModel!.slug}`);
  });

  it('says when the phone is dearer, and when the guide stands on asking prices', async () => {
    show({ ...sales, basis: 'asking', median: 60_000, count: 3 });
    expect(await screen.findByText('5,000 BDT above what 3 phones like it ask')).toBeInTheDocument();
  });

  it('shows nothing for a phone of no catalogue model, nor a sold one, nor without a guide', async () => {
    const calls = show(sales, aProduct({ ...allSpecs, phoneModel: null }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/usual price/)).toBeNull();
    expect(calls.filter((c) => c.path === '/api/price-guide')).toEqual([]);
  });
});

describe('the price guide on a phone’s page, in Bangla', () => {
  inBangla();

  it('says it in Bangla digits', async () => {
    show(sales);
    expect(await screen.findByText('৭টি বিক্রির সাধারণ দামের চেয়ে ৳৫,০০০ কম')).toBeInTheDocument();
  });
});
