import { i18n } from '@lingui/core';
import type { Product } from '@market/contract';
import { intlLocale } from '@market/contract';
import { namespaces } from '@market/contract/locales/types.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { DetailPage } from '../../catalog/detail-page.tsx';
import { page } from '../test-fixtures.ts';
import AddProduct from './add-product.tsx';
import MyProducts from './my-products.tsx';

/**
 * Issue 36 (decision 062): a listing held until its seller confirms their mobile number says so in the seller's words,
 * with the way to the account page, and not "waiting for a check".
 */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const since = '2026-11-24T10:00:00.000Z';
const forNumber = aProduct({
  productName: 'Pixel 7',
  status: 'pending',
  check: { state: 'waiting', signals: ['number_unconfirmed'], reason: null, since, hours: 4 },
});
const forBoth = aProduct({
  _id: '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a12',
  productName: 'Galaxy S21',
  status: 'pending',
  check: { state: 'waiting', signals: ['photo_reused', 'number_unconfirmed'], reason: null, since, hours: 4 },
});
const accountLink = '/dashboard/account#mobile-number';

async function myProducts(products: Product[]) {
  fakeApi(() => page(products));
  renderAt('/dashboard/myProduct', <MyProducts />);
  return screen.findByRole('table', { name: /My products|আমার প্রোডাক্ট/ });
}

describe('a listing held for the seller’s number', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('in My Products: confirm your number to put it on sale, the way there; not a check by a person', async () => {
    const table = await myProducts([forNumber, forBoth]);
    const row = within(table).getByRole('row', { name: /Pixel 7/ });
    expect(row).toHaveTextContent('Confirm your number');
    expect(row).toHaveTextContent('Confirm your mobile number to put this phone on sale.');
    expect(row).not.toHaveTextContent('Waiting for a check');
    expect(row).not.toHaveTextContent('usually within');
    expect(within(row).getByRole('link', { name: 'Confirm my number' })).toHaveAttribute('href', accountLink);

    // Held for a person's check too: it waits for that, and the number is one of the reasons, leading to the account page.
    const both = within(table).getByRole('row', { name: /Galaxy S21/ });
    expect(both).toHaveTextContent('Waiting for a check');
    expect(both).toHaveTextContent('usually within 4 hours');
    expect(within(both).getByRole('link', { name: 'Confirm your mobile number to put this phone on sale' })).toHaveAttribute('href', accountLink);
  });

  it('on its own page: the notice says to confirm the number, for its seller with the way there; an Admin reads it without', async () => {
    const open = () => {
      fakeApi(({ path }: Call) =>
        path === `/api/own-product/${forNumber._id}`
          ? { status: 200, body: { success: true, data: forNumber } }
          : { status: 404, body: { success: false, message: 'Product not found' } },
      );
      return renderAt(`/detail-product/${forNumber._id}`, <DetailPage />, '/detail-product/:id');
    };
    open();
    const notice = (await screen.findByRole('heading', { level: 2, name: 'Confirm your number' })).parentElement!;
    expect(notice).toHaveTextContent('It goes on sale as soon as you enter the code we send to it by SMS.');
    expect(within(notice).getByRole('link', { name: 'Confirm my number' })).toHaveAttribute('href', accountLink);
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    signIn(aUser({ role: 'Admin', emailVerified: true }));
    open();
    const seen = (await screen.findByRole('heading', { level: 2, name: 'Confirm your number' })).parentElement!;
    expect(within(seen).queryByRole('link', { name: 'Confirm my number' })).toBeNull();
  });

  it('on Add product: a seller without a confirmed number is told before posting, with the way there; one with a number is not', async () => {
    fakeApi(() => ({ status: 404, body: { success: false, message: 'not found' } }));
    renderAt('/dashboard/addProduct', <AddProduct />);
    expect(await screen.findByText('Your mobile number is not confirmed yet: a new listing goes on sale once it is.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Confirm my number' })).toHaveAttribute('href', accountLink);
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    signIn({ ...seller, confirmedNumber: '01711000101' });
    fakeApi(() => ({ status: 404, body: { success: false, message: 'not found' } }));
    renderAt('/dashboard/addProduct', <AddProduct />);
    await screen.findByRole('heading', { name: 'To add a new Product fill all information' });
    expect(screen.queryByText(/mobile number is not confirmed/)).toBeNull();
  });
});

describe('a listing held for the seller’s number, in Bangla', () => {
  beforeEach(async () => {
    localStorage.clear();
    signIn(seller);
    await Promise.all(namespaces.map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it('says to confirm the number, and the way there', async () => {
    const table = await myProducts([forNumber]);
    const row = within(table).getByRole('row', { name: /Pixel 7/ });
    expect(row).toHaveTextContent('আপনার নম্বর নিশ্চিত করুন');
    expect(row).toHaveTextContent('এই ফোনটি বিক্রিতে তুলতে আপনার মোবাইল নম্বর নিশ্চিত করুন।');
    expect(within(row).getByRole('link', { name: 'আমার নম্বর নিশ্চিত করুন' })).toHaveAttribute('href', accountLink);
  });
});
