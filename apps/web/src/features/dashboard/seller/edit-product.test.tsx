import type { Product } from '@market/contract';
import { conditionMeaning } from '@market/contract/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, iphone13, renderAt, renderRoutes, signIn, type Call } from '../../../test-utils.tsx';
import AddProduct from './add-product.tsx';
import EditProduct from './edit-product.tsx';
import { localToday } from '../../../lib/field-rules.ts';
import { yearsSince } from './product-fields.ts';

const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const specs = { storageGb: 128, ramGb: 4, batteryHealth: 88, model: 'A2633', colour: 'Midnight', notLocked: true, boxAndCharger: false, warrantyMonths: 3 };
/** The listing as its seller sees it (GET /api/own-product/:id: the whole IMEI, the phone number). */
const listing = aProduct({ ...specs, phoneModel: { _id: iphone13._id, name: iphone13.name, nameBn: iphone13.nameBn, slug: iphone13.slug } });
const ownCopy = { ...listing, imei: '490154203237518', phoneNumber: '01711-000444' };

/** An upload the picker sent through XMLHttpRequest: the test says how far it got and how it ended. */
interface FakeUpload {
  headers: Record<string, string>;
  progress(fraction: number): void;
  finish(status: number, body: unknown): void;
}

/** XMLHttpRequest as the photo picker uses it (lib/upload.ts), each request recorded in `sent`. */
function fakeUploads(sent: FakeUpload[]) {
  return class {
    status = 0;
    response: unknown = null;
    responseType = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    headers: Record<string, string> = {};
    open() {}
    abort() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send() {
      sent.push({
        headers: this.headers,
        progress: (fraction) => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 }),
        finish: (status, body) => {
          this.status = status;
          this.response = body;
          this.onload?.();
        },
      });
    }
  };
}

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
function api(shown: Product = ownCopy) {
  return fakeApi(({ method, path }: Call) => {
    if (path === `/api/own-product/${listing._id}`) return ok(shown);
    if (path === '/api/category') return ok([{ _id: listing.categoryId._id, category: 'Apple', categoryLogo: '' }]);
    if (path === '/api/phone-models') return ok([iphone13]);
    if (path === '/api/price-guide') return ok({ basis: 'sales', low: 60_000, median: 64_000, high: 70_000, count: 7, days: 90 });
    if (method === 'PUT' && path === `/api/product/${listing._id}`) return ok(ownCopy);
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

function openEdit() {
  return renderRoutes(`/dashboard/edit-product/${listing._id}`, [
    { path: '/dashboard/edit-product/:id', element: <EditProduct /> },
    { path: '/dashboard/myProduct', element: <p>my products</p> },
  ]);
}

describe('editing a listing', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills the form with the listing (its whole IMEI too), and sends the whole listing with the new price by PUT', async () => {
    const calls = api();
    const { router } = openEdit();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edit iPhone 13');
    expect(screen.getByLabelText('Phone number')).toHaveValue('01711-000444');
    expect(screen.getByLabelText('Battery health (%)')).toHaveValue('88');
    // The seller sees the whole IMEI (no one else does).
    expect(screen.getByLabelText('IMEI')).toHaveValue('490154203237518');
    expect(screen.getByLabelText('Condition')).toHaveAccessibleDescription(conditionMeaning.Good);
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', listing.img);
    expect(screen.getByText('Cover')).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue(listing.categoryId._id);
    expect(screen.getByLabelText('Storage')).toHaveValue('128');

    await userEvent.clear(screen.getByLabelText(/^Resale price/));
    await userEvent.type(screen.getByLabelText(/^Resale price/), '60,000');
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myProduct'));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        path: `/api/product/${listing._id}`,
        body: {
          img: listing.img,
          images: [listing.img],
          phoneNumber: '01711-000444',
          location: 'Banani',
          district: 'dhaka',
          purchase: '2024-02-10',
          originalPrice: 90000,
          resalePrice: 60000,
          productName: 'iPhone 13',
          // Worked out from the purchase date as of today (issue 35).
          useYears: yearsSince('2024-02-10', localToday()),
          categoryId: listing.categoryId._id,
          condition: 'Good',
          description: listing.description,
          ...specs,
          phoneModelId: iphone13._id,
          imei: '490154203237518',
        },
      },
    ]);
  });

  it('replaces the IMEI with one typed, checked first', async () => {
    const calls = api();
    openEdit();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    await userEvent.clear(screen.getByLabelText('IMEI'));
    await userEvent.type(screen.getByLabelText('IMEI'), '35 209900 176148 2');
    await userEvent.click(save);
    expect(await screen.findByText(/^IMEI is not a valid IMEI/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.clear(screen.getByLabelText(/^IMEI/));
    await userEvent.type(screen.getByLabelText(/^IMEI/), '49-015420-323751-8');
    await userEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ imei: '490154203237518' });
  });

  it('keeps every picture of a listing that has several, in the order the seller sets, without the ones removed', async () => {
    const second = '/uploads/1c6f3d2e-8b5a-4f4c-9d0e-2a3b4c5d6e7f.webp';
    const third = '/uploads/2d7f3d2e-8b5a-4f4c-9d0e-2a3b4c5d6e7f.webp';
    const calls = api({ ...ownCopy, images: [...ownCopy.images, { url: second, srcset: '' }, { url: third, srcset: '' }] });
    openEdit();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', second);
    await userEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ img: second, images: [second, listing.img] });
  });

  it('uploads an added photo at once, showing its progress, and sends it once it is there; with no photo left, asks for one', async () => {
    const uploaded = '/uploads/3e8f3d2e-8b5a-4f4c-9d0e-2a3b4c5d6e7f.webp';
    const sent: FakeUpload[] = [];
    vi.stubGlobal('XMLHttpRequest', fakeUploads(sent));
    const calls = api();
    openEdit();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    await userEvent.upload(screen.getByLabelText('Product picture'), new File(['png'], 'back.png', { type: 'image/png' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBeTruthy();
    sent[0]!.progress(0.4);
    expect(await screen.findByRole('progressbar', { name: 'Photo 2 uploading: 40%' })).toBeInTheDocument();
    // Saving waits for the upload.
    await userEvent.click(save);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    sent[0]!.finish(201, { success: true, data: { url: uploaded } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ images: [listing.img, uploaded] });
  });

  it('shows a refused upload at its photo, and will not save until it is removed', async () => {
    const sent: FakeUpload[] = [];
    vi.stubGlobal('XMLHttpRequest', fakeUploads(sent));
    const calls = api();
    openEdit();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    await userEvent.upload(screen.getByLabelText('Product picture'), new File(['gif'], 'big.gif', { type: 'image/gif' }));
    sent[0]!.finish(413, { success: false, message: 'image is too large: at most 40 megapixels' });
    expect(await screen.findByRole('alert')).toHaveTextContent('image is too large: at most 40 megapixels');
    await userEvent.click(save);
    expect(await screen.findByText('Remove the photos that could not be uploaded')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await userEvent.click(save);
    expect(await screen.findByText('Enter your product picture')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says a sold listing cannot be edited, without the form', async () => {
    api({ ...ownCopy, status: 'sold' });
    openEdit();
    expect(await screen.findByText('This phone is sold: a sold listing cannot be edited.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it("is not found for another seller's listing", async () => {
    api({ ...ownCopy, sellerId: { ...ownCopy.sellerId, _id: '11111111-1111-4111-8111-111111111111' } });
    openEdit();
    expect(await screen.findByRole('link', { name: 'Back to Home' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});

describe('the listing’s model (issue 34)', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());
  const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');
  const offered = () =>
    within(screen.getByRole('listbox', { name: 'Model' }))
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('is asked of a listing without one; the brand’s models are offered as the seller types, and the one chosen is sent', async () => {
    const calls = api({ ...ownCopy, phoneModel: null });
    openEdit();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    await userEvent.click(save);
    expect(await screen.findByText('Choose the model, or choose “My model is not in the list”')).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);
    const model = screen.getByRole('combobox', { name: 'Model' });
    expect(model).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(model, 'iph 13');
    expect(model).toHaveAttribute('aria-expanded', 'true');
    expect(offered()).toEqual(['iPhone 13 Apple আইফোন ১৩', 'My model is not in the list: post it as “iph 13”']);
    await userEvent.keyboard('{Enter}');
    expect(model).toHaveValue('iPhone 13');
    expect(model).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(save);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({ phoneModelId: iphone13._id });
    expect(puts(calls)[0]!.body).not.toHaveProperty('unlistedModel');
  });

  it('brings the price guide of the model, storage and condition under the price, read with it', async () => {
    api();
    openEdit();
    const line = 'Sold for 60,000 BDT–70,000 BDT here (7 sales in the last 90 days)';
    expect(await screen.findByText(line)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Resale price/)).toHaveAccessibleDescription(expect.stringContaining(line));
  });

  it('may be one the list lacks: typed, chosen as not in the list (said back to the seller), and sent as typed; Escape closes the list', async () => {
    const calls = api();
    openEdit();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    const model = screen.getByRole('combobox', { name: 'Model' });
    expect(model).toHaveValue('iPhone 13');
    await userEvent.clear(model);
    await userEvent.type(model, 'iPhone 17 Air');
    expect(offered()).toEqual(['My model is not in the list: post it as “iPhone 17 Air”']);
    await userEvent.keyboard('{Escape}');
    expect(model).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.click(screen.getByRole('option', { name: 'My model is not in the list: post it as “iPhone 17 Air”' }));
    expect(model).toHaveAccessibleDescription('“iPhone 17 Air” is not in our list yet: your phone is posted with this name, and we will add the model.');
    await userEvent.click(save);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({ unlistedModel: 'iPhone 17 Air' });
    expect(puts(calls)[0]!.body).not.toHaveProperty('phoneModelId');
  });
});

describe('adding a listing', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the storage, battery health and IMEI before anything is sent, and says what the chosen condition means', async () => {
    const calls = api();
    renderAt('/dashboard/addProduct', <AddProduct />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('To add a new Product fill all information');
    expect(screen.getByLabelText('IMEI')).toHaveAccessibleDescription('Dial *#06# on the phone to see it');
    expect(screen.getByLabelText('Warranty left (months)')).toHaveValue('0');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    for (const message of ['Select the storage', 'Enter the battery health', 'Enter the IMEI'])
      expect(await screen.findByText(message, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Condition/)).not.toHaveAccessibleDescription(conditionMeaning.Fair);
    await userEvent.selectOptions(screen.getByLabelText(/^Condition/), 'Fair');
    expect(screen.getByLabelText(/^Condition/)).toHaveAccessibleDescription(conditionMeaning.Fair);
    expect(screen.getByRole('option', { name: '1 TB' })).toHaveValue('1024');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('asks for the district of a listing from before districts, and takes the one a location names (issue 34)', async () => {
    const calls = api({ ...ownCopy, location: 'near the rail station', district: null });
    openEdit();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    const district = screen.getByLabelText('District');
    expect(district).toHaveValue('');
    await userEvent.click(save);
    expect(await screen.findByText('Choose the district')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // A location that names a district chooses it; the choice can still be changed (grouped under its division).
    await userEvent.clear(screen.getByLabelText(/^Location/));
    await userEvent.type(screen.getByLabelText(/^Location/), 'Agrabad, Chittagong');
    await waitFor(() => expect(district).toHaveValue('chattogram'));
    expect(screen.getByRole('group', { name: 'Chattogram' })).toContainElement(screen.getByRole('option', { name: "Cox's Bazar" }));
    await userEvent.selectOptions(district, 'coxs-bazar');
    await userEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ location: 'Agrabad, Chittagong', district: 'coxs-bazar' });
  });
});
