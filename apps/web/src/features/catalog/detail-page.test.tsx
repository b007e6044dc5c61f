import { conditionMeaning } from '@market/contract/rules';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, fakeApi, renderAt } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';
import { ProductCard } from './product-card.tsx';

const full = aProduct({
  model: 'A2633',
  storageGb: 128,
  ramGb: 4,
  colour: 'Midnight',
  batteryHealth: 88,
  notLocked: true,
  boxAndCharger: false,
  warrantyMonths: 3,
  imei: '•••••••••••7518',
});

/** The description list as term → values (a term may have several: the condition and what it means). */
function terms() {
  const list: Record<string, string[]> = {};
  let term = '';
  for (const el of document.querySelectorAll('main dl > *')) {
    if (el.tagName === 'DT') list[(term = el.textContent!)] = [];
    else list[term]!.push(el.textContent!);
  }
  return list;
}

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
      Location: ['Banani, Dhaka'],
      Category: ['Apple'],
      Condition: ['Good', conditionMeaning.Good],
      'Year of Used': ['1.5'],
      Model: ['A2633'],
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
      Location: ['Banani, Dhaka'],
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
