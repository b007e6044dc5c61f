import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, tokenFor } from '../../test-utils.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const banner = () => screen.queryByRole('region', { name: 'E-mail confirmation' });

describe('the e-mail confirmation banner', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('renders nothing at all for a signed-out visitor', () => {
    fakeApi();
    renderAt('/', <VerifyEmailBanner />);
    expect(banner()).toBeNull();
    expect(document.querySelector('section')).toBeNull();
  });

  it('renders nothing for a confirmed user, nor for one stored before the field existed', () => {
    fakeApi();
    signIn(aUser({ emailVerified: true }));
    renderAt('/', <VerifyEmailBanner />);
    expect(banner()).toBeNull();

    const { emailVerified: _, ...old } = aUser();
    localStorage.setItem('auth', JSON.stringify({ user: old, token: tokenFor(old) }));
    renderAt('/', <VerifyEmailBanner />);
    expect(banner()).toBeNull();
  });

  it('renders nothing when the token has expired (signed out in effect)', () => {
    fakeApi();
    const user = aUser();
    localStorage.setItem('auth', JSON.stringify({ user, token: tokenFor(user, 1000) }));
    renderAt('/', <VerifyEmailBanner />);
    expect(banner()).toBeNull();
  });

  it('asks an unconfirmed user to confirm, and sends the link again on request', async () => {
    const calls = fakeApi(() => ({ status: 202, body: { success: true, data: { message: 'We sent a new link to mitu@example.com.' } } }));
    signIn(aUser());
    renderAt('/', <VerifyEmailBanner />);
    expect(banner()).toHaveTextContent('Confirm your e-mail address: we sent a link to mitu@example.com.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', path: '/api/verification-email', body: undefined }]));
  });
});
