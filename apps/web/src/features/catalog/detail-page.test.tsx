import { conditionMeaning } from '@market/contract/rules';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, fakeApi, renderAt } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';
import { ProductCard } from './product-card.tsx';
import { aReview, allSpecs, terms } from './test-fixtures.ts';

const full = aProduct(allSpecs);

function showProduct(product = full) {
  fakeApi(({ path }) => (path === `/api/detail-product/${product._id}` ? { status: 200, body: { success: true, data: product } } : { status: 404, body: {} }));
  renderAt(`/detail-product/${product._id}`, <DetailPage />, '/detail-product/:id');
}

describe('a phone’s specs on its page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows every spec and declaration the listing has, and what its condition means under it', async () => {
    showProduct();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13' });
    expect(terms()).toEqual({
      Location: ['Banani, Dhaka district, Dhaka division'],
      Category: ['Apple'],
      Condition: ['Good', conditionMeaning.Good],
      'Year of Used': ['1.5'],
      Model: ['iPhone 13'],
      'Model number': ['A2633'],
      Storage: ['128 GB'],
      RAM: ['4 GB'],
      Colour: ['Midnight'],
      'Battery health': ['88%'],
      'Not locked to an account': ['Yes'],
      'Box and charger': ['Not included'],
      Warranty: ['3 months left'],
      IMEI: ['•••••••••••7518'],
      Posted: ['23 Nov 2026'],
    });
  });

  it('says what a seller did not declare, and no warranty as None', async () => {
    showProduct(aProduct({ storageGb: 1024, batteryHealth: 100, notLocked: false, boxAndCharger: true, warrantyMonths: 0 }));
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13' });
    expect(terms()).toMatchObject({ Storage: ['1 TB'], 'Not locked to an account': ['Not declared'], 'Box and charger': ['Included'], Warranty: ['None'] });
  });

  it('adds nothing for a listing posted before specs were asked', async () => {
    showProduct(aProduct({ condition: 'Excellent' }));
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13' });
    expect(terms()).toEqual({
      Location: ['Banani, Dhaka district, Dhaka division'],
      Category: ['Apple'],
      Condition: ['Excellent', conditionMeaning.Excellent],
      'Year of Used': ['1.5'],
      Posted: ['23 Nov 2026'],
    });
  });
});

describe('a product card', () => {
  it('says storage and battery health when the listing gives them, and nothing more for an old one', () => {
    renderAt('/', <ProductCard product={full} />);
    expect(screen.getByRole('link')).toHaveTextContent(/^iPhone 13128 GB · Battery 88%Resale price : 65,000 tk$/);
  });

  it('shows only the name and price of an old listing', () => {
    renderAt('/', <ProductCard product={aProduct()} />);
    expect(screen.getByRole('link')).toHaveTextContent(/^iPhone 13Resale price : 65,000 tk$/);
  });
});

describe("the seller's standing on a phone's page", () => {
  afterEach(() => vi.unstubAllGlobals());
  const product = aProduct();
  const seller = product.sellerId;
  function show(rating: { average: number | null; count: number }, reviews: unknown[]) {
    const profile = { ...seller, memberSince: '2025-01-01T00:00:00.000Z', rating, soldCount: 3, liveCount: 1 };
    fakeApi(({ path }) => {
      if (path === `/api/detail-product/${product._id}`) return { status: 200, body: { success: true, data: product } };
      if (path === `/api/seller/${seller._id}`) return { status: 200, body: { success: true, data: profile } };
      if (path === `/api/seller-reviews/${seller._id}`) return { status: 200, body: { success: true, data: reviews, meta: { nextCursor: null } } };
      return { status: 404, body: {} };
    });
    renderAt(`/detail-product/${product._id}`, <DetailPage />, '/detail-product/:id');
  }

  it('with reviews: their mean and count, the newest ones with the answer, and the way to all of them', async () => {
    show({ average: 4.5, count: 2 }, [aReview(1, 5), aReview(2, 4)]);
    expect(await screen.findByLabelText('Rating 4.5 from 2 reviews')).toHaveTextContent('4.5');
    expect(screen.getByRole('link', { name: seller.name })).toHaveAttribute('href', `/seller/${seller._id}`);
    expect(screen.getByRole('link', { name: 'See all reviews' })).toHaveAttribute('href', `/seller/${seller._id}#reviews`);
    const first = screen.getByRole('article', { name: 'Review by Buyer 1' });
    expect(first).toHaveTextContent('Review number 1');
    expect(first).toHaveTextContent("Seller's answer" + 'Thank you!');
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    // Nobody answers from a phone's page.
    expect(screen.queryByRole('button', { name: /^Answer/ })).toBeNull();
  });

  it("before any review: the spec's formula, labelled as such, and no reviews section", async () => {
    show({ average: null, count: 0 }, []);
    // Not a bare "★ 4" that reads like a rating (issue 35): a new seller, and the starting score named so.
    expect(await screen.findByText('New seller, no reviews yet')).toBeInTheDocument();
    expect(screen.getByText(`Starting score: ${seller.sellerVerified ? 5 : 4} out of 5`)).toBeInTheDocument();
    expect(screen.queryByText('★')).toBeNull();
    expect(screen.queryByRole('link', { name: 'See all reviews' })).toBeNull();
  });
});

describe('similar phones on a phone’s page (issue 34)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows them as cards under the phone, a sold one’s too', async () => {
    const sold = aProduct({ ...allSpecs, status: 'sold' });
    const like = aProduct({ _id: '00000000-0000-4000-8000-000000000777', productName: 'iPhone 13 mini', resalePrice: 55000 });
    fakeApi(({ path }) => {
      if (path === `/api/detail-product/${sold._id}`) return { status: 200, body: { success: true, data: sold } };
      if (path === `/api/similar-products/${sold._id}`) return { status: 200, body: { success: true, data: [like] } };
      return { status: 404, body: {} };
    });
    renderAt(`/detail-product/${sold._id}`, <DetailPage />, '/detail-product/:id');
    const section = await screen.findByRole('region', { name: 'Similar phones' });
    expect(section.querySelector('a[href="/detail-product/00000000-0000-4000-8000-000000000777"]')).toHaveTextContent('iPhone 13 mini');
    expect(screen.getByRole('heading', { level: 1, name: 'This phone has been sold' })).toBeInTheDocument();
  });

  it('leaves the section out when there are none', async () => {
    showProduct();
    await screen.findByRole('heading', { level: 1, name: full.productName });
    expect(screen.queryByRole('region', { name: 'Similar phones' })).toBeNull();
  });
});
