import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../test-utils.tsx';
import { RequireAuth, RequireRole } from './guards.tsx';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const tokenFor = (role: string, exp = Math.floor(Date.now() / 1000) + 3600) => `${b64({ alg: 'HS256' })}.${b64({ _id: 'u1', email: 'a@b.c', role, exp })}.sig`;
const user = (role: string) => ({ _id: 'u1', id: 'local:1', name: 'A', email: 'a@b.c', role, userImg: '', sellerVerified: false });

function renderAt(path: string) {
  const { router } = renderRoutes(path, [
    { path: '/', element: <p>home</p> },
    { path: '/login', element: <p>login page</p> },
    {
      path: '/dashboard/allSellers',
      element: (
        <RequireAuth>
          <RequireRole role="Admin">
            <p>sellers page</p>
          </RequireRole>
        </RequireAuth>
      ),
    },
  ]);
  return router;
}

describe('route guards', () => {
  beforeEach(() => localStorage.clear());

  it('send a signed-out visitor to /login, remembering where they were going', () => {
    const router = renderAt('/dashboard/allSellers');
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/dashboard/allSellers');
  });

  it('let the right role in', () => {
    localStorage.setItem('auth', JSON.stringify({ user: user('Admin'), token: tokenFor('Admin') }));
    renderAt('/dashboard/allSellers');
    expect(screen.getByText('sellers page')).toBeInTheDocument();
  });

  it('read the role from the token, not the stored user: a wrong role goes to /', () => {
    localStorage.setItem('auth', JSON.stringify({ user: user('Admin'), token: tokenFor('Buyer') }));
    renderAt('/dashboard/allSellers');
    expect(screen.getByText('home')).toBeInTheDocument();
  });

  it('treat an expired token as signed out', () => {
    localStorage.setItem('auth', JSON.stringify({ user: user('Admin'), token: tokenFor('Admin', 1000) }));
    renderAt('/dashboard/allSellers');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });
});
