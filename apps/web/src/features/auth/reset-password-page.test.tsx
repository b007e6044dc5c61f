import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, tokenFor } from '../../test-utils.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const token = 'Hj9V90fS-15z5boO9I6JMWGsblTYXOO-W7yiNotlez8';

// The Field's label holds its error message too, so after a failed try the name starts with the label.
const newPassword = () => screen.getByLabelText(/^New password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm new password/);

async function fill(password: string, confirm: string) {
  if (password) await userEvent.type(newPassword(), password);
  if (confirm) await userEvent.type(confirmPassword(), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('the reset-password page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both passwords, at least 6 characters, the same twice, before calling the server', async () => {
    const calls = fakeApi();
    renderAt(`/reset-password?token=${token}`, <ResetPasswordPage />);
    await fill('', '');
    expect(await screen.findByText('Enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Enter the new password again')).toBeInTheDocument();

    await fill('abc', 'abc');
    expect(await screen.findByText('New password must be at least 6 characters')).toBeInTheDocument();

    await userEvent.clear(newPassword());
    await userEvent.clear(confirmPassword());
    await fill('secret1', 'secret2');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('New password must be at least 6 characters')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sets the new password and keeps the fresh session', async () => {
    const user = aUser({ emailVerified: true });
    const session = { user, token: tokenFor(user) };
    const calls = fakeApi(({ path }) => (path === '/api/reset-password' ? { status: 200, body: { success: true, data: session } } : { status: 404, body: {} }));
    const { store, router } = renderAt(`/reset-password?token=${token}`, <ResetPasswordPage />);
    await fill('new-secret', 'new-secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/reset-password', body: { token, password: 'new-secret' } });
    expect(store.getState().auth).toMatchObject(session);
  });

  it("shows the server's 400 with a link to ask for a new one", async () => {
    fakeApi(() => ({ status: 400, body: { success: false, message: 'This link has expired or was already used: ask for a new one' } }));
    renderAt(`/reset-password?token=${token}`, <ResetPasswordPage />);
    await fill('new-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used: ask for a new one');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('without a token, says so at once', () => {
    fakeApi();
    renderAt('/reset-password', <ResetPasswordPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete: open the whole link from the e-mail, or ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
