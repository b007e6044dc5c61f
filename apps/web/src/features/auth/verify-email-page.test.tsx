import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import type { ReactNode } from 'react';
import { useFreshUser } from './use-fresh-user.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

function WithFreshUser({ children }: { children: ReactNode }) {
  useFreshUser();
  return children;
}

const token = 'm9mXivoowG25n_h68AumRjWk59xs2nt5o8EyvbMWtzs';

describe('the verify-email page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('does not confirm on load (mail scanners open links): only the button does', async () => {
    const calls = fakeApi(() => ({ status: 200, body: { success: true, data: { email: 'mitu@example.com', emailVerified: true } } }));
    renderAt(`/verify-email?token=${token}`, <VerifyEmailPage />);
    const button = screen.getByRole('button', { name: 'Confirm my e-mail address' });
    // Give any effect a chance to call out.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);

    await userEvent.click(button);
    expect(await screen.findByText(/Your e-mail address is confirmed/)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/verify-email', body: { token } }]);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it("then refreshes the stored user, when the signed-in account is the one confirmed (as the layout's GET /api/me does)", async () => {
    const user = aUser();
    signIn(user);
    let confirmed = false;
    const calls = fakeApi(({ path }) => {
      if (path === '/api/verify-email') {
        confirmed = true;
        return { status: 200, body: { success: true, data: { email: user.email, emailVerified: true } } };
      }
      return { status: 200, body: { success: true, data: { ...user, emailVerified: confirmed } } };
    });
    const { store } = renderAt(
      `/verify-email?token=${token}`,
      <WithFreshUser>
        <VerifyEmailPage />
      </WithFreshUser>,
    );
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/me']));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my e-mail address' }));
    expect(await screen.findByText('Your e-mail address is confirmed')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user?.emailVerified).toBe(true));
    expect(calls.map((c) => c.path)).toEqual(['/api/me', '/api/verify-email', '/api/me']);
    expect(JSON.parse(localStorage.getItem('auth')!).user.emailVerified).toBe(true);
  });

  it("shows the server's message and, signed out, a way to log in for a new link", async () => {
    fakeApi(() => ({
      status: 400,
      body: {
        success: false,
        message: 'This link has expired or was already used: ask for a new one',
        massage: 'This link has expired or was already used: ask for a new one',
      },
    }));
    renderAt(`/verify-email?token=${token}`, <VerifyEmailPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used: ask for a new one');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('signed in and unconfirmed, a failed link offers a new one', async () => {
    signIn(aUser());
    const calls = fakeApi(({ path }) =>
      path === '/api/verify-email'
        ? { status: 400, body: { success: false, message: 'This link has expired or was already used: ask for a new one' } }
        : { status: 202, body: { success: true, data: { message: 'We sent a new link to mitu@example.com.' } } },
    );
    renderAt(`/verify-email?token=${token}`, <VerifyEmailPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my e-mail address' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/verification-email'));
  });

  it('without a token, says the link is incomplete and calls nothing', async () => {
    const calls = fakeApi();
    renderAt('/verify-email', <VerifyEmailPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete: open the whole link from the e-mail, or ask for a new one.');
    expect(screen.queryByRole('button', { name: 'Confirm my e-mail address' })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
