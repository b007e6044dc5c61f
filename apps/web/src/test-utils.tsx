import type { PhoneModel, Product, User } from '@market/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { makeStore } from './app/store.ts';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
/** A token whose claims the app can read (the signature is the server's business). */
export const tokenFor = (user: Pick<User, '_id' | 'email' | 'role'>, exp = Math.floor(Date.now() / 1000) + 3600) =>
  `${b64({ alg: 'HS256' })}.${b64({ _id: user._id, email: user.email, role: user.role, exp })}.sig`;

export const aUser = (overrides: Partial<User> = {}): User => ({
  _id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  id: 'local:1',
  name: 'Mitu Akter',
  email: 'mitu@example.com',
  role: 'Buyer',
  userImg: '',
  sellerVerified: false,
  emailVerified: false,
  language: 'en',
  ...overrides,
});

/** A listing as the API answers it, posted before specs were asked (every spec null): `overrides` add them. */
export const aProduct = (overrides: Partial<Product> = {}): Product => ({
  _id: '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a11',
  img: '/uploads/0b5e2c1d-7a4f-4e3b-8c9d-1f2e3a4b5c6d.webp',
  images: [{ url: '/uploads/0b5e2c1d-7a4f-4e3b-8c9d-1f2e3a4b5c6d.webp', srcset: '' }],
  date: '2026-11-23T12:00:00.000Z',
  location: 'Banani',
  district: { _id: 'dhaka', en: 'Dhaka', bn: 'ঢাকা', division: { _id: 'dhaka', en: 'Dhaka', bn: 'ঢাকা' } },
  purchase: '2024-02-10',
  originalPrice: 90000,
  resalePrice: 65000,
  productName: 'iPhone 13',
  useYears: 1.5,
  categoryId: { _id: '5f0c1f55-7c1a-4b55-9a0e-1d7f1b8c2a11', category: 'Apple' },
  condition: 'Good',
  description: 'Works well, small scratch on the back.',
  status: 'available',
  sellerId: { _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Tanvir Hasan', sellerVerified: true, numberVerified: true, userImg: '' },
  advertise: false,
  report: false,
  model: null,
  phoneModel: null,
  unlistedModel: null,
  storageGb: null,
  ramGb: null,
  colour: null,
  batteryHealth: null,
  notLocked: null,
  boxAndCharger: null,
  warrantyMonths: null,
  imei: null,
  ...overrides,
});

/** Persists a session the way the app does, so the next store starts signed in. */
/** A catalogue model (issue 34), as GET /api/phone-models lists it and a model's prices page names it. */
export const iphone13: PhoneModel = {
  _id: '0e7c3a52-1b9d-4f6e-8a2c-5d4b3c2a1f00',
  brand: { _id: '5f0c1f55-7c1a-4b55-9a0e-1d7f1b8c2a11', category: 'Apple' },
  name: 'iPhone 13',
  nameBn: 'আইফোন ১৩',
  aliases: [],
  variants: [{ ramGb: 4, storageGb: 128 }],
  year: 2021,
  slug: 'iphone-13',
};

export function signIn(user: User) {
  localStorage.setItem('auth', JSON.stringify({ user, token: tokenFor(user) }));
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Request as in a browser: a relative URL resolves against the page's address. */
export function stubRequest() {
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    },
  );
}

/**
 * Replaces fetch: every call is recorded, and answered by `answer` (a JSON body and a status).
 * Relative URLs resolve against the test page's address, as in a browser.
 */
export function fakeApi(answer: (call: Call) => { status: number; body: unknown } = () => ({ status: 404, body: { success: false, message: 'not found' } })) {
  const calls: Call[] = [];
  stubRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      const call = { method: input.method, path: new URL(input.url).pathname, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const { status, body } = answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Renders `routes` at `path` with a fresh store that reads the persisted session. */
export function renderRoutes(path: string, routes: RouteObject[]) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

/** Renders `element` at `path` (its route is `route`) with a fresh store that reads the persisted session. */
export function renderAt(path: string, element: ReactNode, route = path.split('?')[0]!) {
  return renderRoutes(path, [
    { path: route, element },
    { path: '*', element: <p>elsewhere</p> },
  ]);
}
