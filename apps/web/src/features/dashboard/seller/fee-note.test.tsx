import type { Fees } from '@market/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, renderRoutes, signIn, type Call } from '../../../test-utils.tsx';
import AddProduct from './add-product.tsx';
import EditProduct from './edit-product.tsx';

/** Issue 32: beside the resale price, what the site keeps of a protected sale at that price, and what the seller receives. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const listing = aProduct({ sellerId: { _id: seller._id, name: seller.name, sellerVerified: false, numberVerified: false, userImg: '' }, resalePrice: 65000 });

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
function api(fees: Fees = { percent: 3, minimum: 30 }) {
  return fakeApi(({ path }: Call) => {
    if (path === '/api/fees') return ok(fees);
    if (path === '/api/category') return ok([{ _id: listing.categoryId._id, category: 'Apple', categoryLogo: '' }]);
    if (path === `/api/own-product/${listing._id}`) return ok({ ...listing, imei: '490154203237518', phoneNumber: '01711-000444' });
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

const terms = 'Sold with protected payment, the site keeps 3% of the price (at least ৳30). Cash deals owe no fee.';

describe("the product form's fee note", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the terms until a price is typed, then the fee and what the seller receives as it is typed, read with the price', async () => {
    api();
    renderAt('/dashboard/addProduct', <AddProduct />);
    const price = await screen.findByLabelText('Resale price (tk)');
    expect(await screen.findByText(terms)).toBeInTheDocument();

    await userEvent.type(price, '80,000');
    const note = 'Sold with protected payment, the site keeps ৳2,400 (3%, at least ৳30): you receive ৳77,600. Cash deals owe no fee.';
    expect(screen.getByText(note)).toBeInTheDocument();
    // A screen reader hears it with the price's field.
    expect(price).toHaveAccessibleDescription(`e.g. 95,000 ${note}`);

    // A small price owes the minimum.
    await userEvent.clear(price);
    await userEvent.type(price, '500');
    expect(
      screen.getByText('Sold with protected payment, the site keeps ৳30 (3%, at least ৳30): you receive ৳470. Cash deals owe no fee.'),
    ).toBeInTheDocument();

    // No price the form would take (not a number, not whole taka): only the terms again.
    for (const typed of ['abc', '1200.50']) {
      await userEvent.clear(price);
      await userEvent.type(price, typed);
      expect(screen.getByText(terms)).toBeInTheDocument();
    }
  });

  it('writes poisha when the fee has some, with the percent the API gives', async () => {
    api({ percent: 2.5, minimum: 30 });
    renderAt('/dashboard/addProduct', <AddProduct />);
    await userEvent.type(await screen.findByLabelText('Resale price (tk)'), '12345');
    expect(
      await screen.findByText('Sold with protected payment, the site keeps ৳308.63 (2.5%, at least ৳30): you receive ৳12,036.37. Cash deals owe no fee.'),
    ).toBeInTheDocument();
  });

  it("shows an edited listing's fee at its price at once", async () => {
    api();
    renderRoutes(`/dashboard/edit-product/${listing._id}`, [{ path: '/dashboard/edit-product/:id', element: <EditProduct /> }]);
    expect(
      await screen.findByText('Sold with protected payment, the site keeps ৳1,950 (3%, at least ৳30): you receive ৳63,050. Cash deals owe no fee.'),
    ).toBeInTheDocument();
  });

  it('says nothing of a fee while the terms cannot be had', async () => {
    fakeApi(({ path }: Call) => (path === '/api/category' ? ok([]) : { status: 500, body: { success: false, message: 'down' } }));
    renderAt('/dashboard/addProduct', <AddProduct />);
    await userEvent.type(await screen.findByLabelText('Resale price (tk)'), '80000');
    expect(screen.queryByText(/Sold with protected payment/)).toBeNull();
  });
});
