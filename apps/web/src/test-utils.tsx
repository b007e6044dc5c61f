import type { User } from '@market/contract';
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
  ...overrides,
});

/** Persists a session the way the app does, so the next store starts signed in. */
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
