import type { PriceGuide, Product } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';
import { allSpecs } from './test-fixtures.ts';

const phone = aProduct(allSpecs);
const like = aProduct({ _id: '00000000-0000-4000-8000-000000000777', productName: 'iPhone 13 mini', resalePrice: 55000 });

function show(product: Product = phone) {
  fakeApi(({ path }) => {
    if (path === `/api/detail-product/${product._id}`) return { status: 200, body: { success: true, data: product } };
    if (path === `/api/similar-products/${product._id}`) return { status: 200, body: { success: true, data: [like] } };
    return { status: 404, body: {} };
  });
  return renderAt(`/detail-product/${product._id}`, <DetailPage />, '/detail-product/:id');
}

/** The bar fixed at the bottom of a phone's screen (below md: index.css pads the page for it). */
const bottomBar = () => document.querySelector<HTMLElement>('[data-bottom-bar]');
const comesBefore = (el: Element, later: Element) => Boolean(el.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

describe("a phone's first screen (issue 35)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('the name, price, condition and place and the main action come right after the photo, before the specs and the seller', async () => {
    signIn(aUser({ emailVerified: true }));
    show();
    const book = await screen.findByRole('button', { name: 'Book Now' });
    const firstScreen = [
      screen.getByRole('heading', { level: 1, name: 'iPhone 13' }),
      screen.getByRole('strong'),
      screen.getByText('Condition'),
      screen.getByText('Location'),
      book,
    ];
    for (const [i, el] of firstScreen.entries()) if (i > 0) expect(comesBefore(firstScreen[i - 1]!, el), el.textContent!).toBe(true);
    for (const later of [screen.getByText('Year of Used'), screen.getByText('Model number'), screen.getByText('IMEI'), screen.getByText('Tanvir Hasan')])
      expect(comesBefore(book, later), later.textContent!).toBe(true);
  });

  it("a buyer's heart stays beside the name, and how the price stands comes after the condition and the place", async () => {
    signIn(aUser({ emailVerified: true }));
    const guide: PriceGuide = { basis: 'sales', low: 66_000, median: 70_000, high: 74_000, count: 7, days: 90 };
    fakeApi(({ path }) => {
      if (path === `/api/detail-product/${phone._id}`) return { status: 200, body: { success: true, data: phone } };
      if (path === '/api/price-guide') return { status: 200, body: { success: true, data: guide } };
      if (path === '/api/favourites/ids') return { status: 200, body: { success: true, data: { ids: [] } } };
      return { status: 404, body: {} };
    });
    renderAt(`/detail-product/${phone._id}`, <DetailPage />, '/detail-product/:id');
    const heart = await screen.findByRole('button', { name: 'Save' });
    const name = screen.getByRole('heading', { level: 1, name: 'iPhone 13' });
    // The name and the heart share a row that does not wrap: a name of two lines wraps beside the heart.
    expect(heart.parentElement).toBe(name.parentElement);
    expect(name.parentElement).toHaveClass('flex');
    expect(name.parentElement).not.toHaveClass('flex-wrap');
    const standing = await screen.findByText('5,000 BDT below the usual price of 7 sales');
    const place = screen.getByText('Location').nextElementSibling!;
    expect(place).toHaveTextContent('Banani');
    expect(comesBefore(screen.getByRole('strong'), standing)).toBe(true);
    expect(comesBefore(place, standing)).toBe(true);
    expect(comesBefore(standing, screen.getByText('Year of Used'))).toBe(true);
  });

  it('on a phone the main action is in a bar at the bottom with the price: the same one control, which books', async () => {
    signIn(aUser({ emailVerified: true }));
    show();
    const book = await screen.findByRole('button', { name: 'Book Now' });
    await waitFor(() => expect(book).toBeEnabled());
    const bar = bottomBar()!;
    expect(bar).toHaveClass('fixed', 'bottom-0', 'inset-x-0', 'md:contents');
    expect(bar).toContainElement(book);
    // The price beside it, said once to a screen reader (just above, in the page).
    expect(within(bar).getByText('65,000 BDT')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getAllByRole('button', { name: 'Book Now', hidden: true })).toHaveLength(1);
    // Message and Report stay in the page.
    expect(bar).not.toContainElement(screen.getByRole('button', { name: 'Report' }));
    await userEvent.click(book);
    expect(await screen.findByRole('dialog', { name: 'Booking information' })).toBeInTheDocument();
  });

  it('signed out, the bar leads to the login', async () => {
    show();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13' });
    expect(bottomBar()).toContainElement(screen.getByRole('link', { name: 'Login for Order' }));
    expect(bottomBar()).not.toContainElement(screen.getByRole('link', { name: 'Login for Report' }));
  });

  it("the seller's own phone: Edit and Booking Requests in the bar", async () => {
    signIn(aUser({ _id: phone.sellerId._id, role: 'Seller', emailVerified: true }));
    show();
    const edit = await screen.findByRole('link', { name: 'Edit' });
    expect(bottomBar()).toContainElement(edit);
    expect(bottomBar()).toContainElement(screen.getByRole('link', { name: 'Booking Requests' }));
    // Its seller knows its price: the two buttons keep to one line.
    expect(bottomBar()).not.toHaveTextContent('65,000 BDT');
  });

  it('a reserved phone (nothing to do now) has no bar: its notice and its disabled action stay in the page', async () => {
    signIn(aUser({ emailVerified: true }));
    show(aProduct({ status: 'reserved' }));
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeDisabled();
    expect(screen.getByText(/^This phone is reserved for a buyer/)).toBeInTheDocument();
    expect(bottomBar()).toBeNull();
  });
});

describe("a sold phone's page once the app runs (issue 35)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the notice and the way on, as the server wrote it, with no Book Now or Report', async () => {
    signIn(aUser({ emailVerified: true }));
    show(aProduct({ ...allSpecs, status: 'sold' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This phone has been sold' })).toBeInTheDocument();
    expect(screen.getByText('This iPhone 13 has been sold. See the other Apple phones for sale on Resale Phones.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More Apple phones' })).toHaveAttribute('href', `/category/${phone.categoryId._id}`);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const similar = await screen.findByRole('region', { name: 'Similar phones' });
    expect(similar.querySelector(`a[href="/detail-product/${like._id}"]`)).toHaveTextContent('iPhone 13 mini');
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login for Report' })).toBeNull();
    expect(bottomBar()).toBeNull();
    expect(document.title).toBe('iPhone 13 — sold | Resale Phones');
  });

  it('the same when the page is opened from inside the app', async () => {
    const sold = aProduct({ _id: '00000000-0000-4000-8000-000000000888', status: 'sold' });
    const { router } = show(phone);
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13' });
    fakeApi(({ path }) => (path === `/api/detail-product/${sold._id}` ? { status: 200, body: { success: true, data: sold } } : { status: 404, body: {} }));
    await router.navigate(`/detail-product/${sold._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This phone has been sold' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More Apple phones' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login for Order' })).toBeNull();
  });
});
