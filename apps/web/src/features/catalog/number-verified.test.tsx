import { i18n } from '@lingui/core';
import { intlLocale } from '@market/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../lib/i18n.ts';
import { aProduct, fakeApi, renderAt } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';
import { SellerPage } from './seller-page.tsx';

/**
 * Issue 36: the phone's page and the seller's page say "Number verified" when the seller confirmed a mobile number
 * (never the number), and the phone's page says since when they are a member, what they sold and their reviews.
 */
function show(numberVerified: boolean) {
  const product = aProduct({ sellerId: { ...aProduct().sellerId, numberVerified } });
  const seller = product.sellerId;
  const profile = { ...seller, memberSince: '2025-01-01T00:00:00.000Z', rating: { average: 4.5, count: 2 }, soldCount: 3, liveCount: 1 };
  fakeApi(({ path }) => {
    if (path === `/api/detail-product/${product._id}`) return { status: 200, body: { success: true, data: product } };
    if (path === `/api/seller/${seller._id}`) return { status: 200, body: { success: true, data: profile } };
    if (path.startsWith('/api/seller-')) return { status: 200, body: { success: true, data: [], meta: { nextCursor: null } } };
    return { status: 404, body: {} };
  });
  return { product, seller };
}

describe('Number verified', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('on the phone’s page, beside the seller, with since when, sales and reviews', async () => {
    const { product } = show(true);
    renderAt(`/detail-product/${product._id}`, <DetailPage />, '/detail-product/:id');
    const badge = await screen.findByText('Number verified');
    expect(badge).toHaveAttribute('title', 'The seller confirmed their mobile number with a code we sent to it by SMS');
    expect(await screen.findByText(/Member since/)).toHaveTextContent('Member since 1 Jan 2025 · 3 phones sold · 2 reviews');
  });

  it('not on the phone’s page of a seller without one', async () => {
    const { product } = show(false);
    renderAt(`/detail-product/${product._id}`, <DetailPage />, '/detail-product/:id');
    await screen.findByText(/Member since/);
    expect(screen.queryByText('Number verified')).toBeNull();
  });

  it('on the seller’s page', async () => {
    const { seller } = show(true);
    renderAt(`/seller/${seller._id}`, <SellerPage />, '/seller/:id');
    expect(await screen.findByText('Number verified')).toBeInTheDocument();
  });

  it('in Bangla', async () => {
    await Promise.all((['catalog', 'common'] as const).map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
    try {
      const { product } = show(true);
      renderAt(`/detail-product/${product._id}`, <DetailPage />, '/detail-product/:id');
      expect(await screen.findByText('নম্বর ভেরিফাইড')).toBeInTheDocument();
      expect(await screen.findByText(/থেকে সদস্য/)).toHaveTextContent('৩টি ফোন বিক্রি · ২টি রিভিউ');
    } finally {
      i18n.activate('en', [intlLocale.en]);
    }
  });
});
