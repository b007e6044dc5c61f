import { i18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, tokenFor } from '../../test-utils.tsx';
import { LoginPage } from './login-page.tsx';

/** Logs in through the form; the API answers with an account whose language is `language`. */
async function logInAs(language: 'en' | 'bn') {
  const user = aUser({ language });
  const calls = fakeApi((c) =>
    c.path === '/api/login' ? { status: 200, body: { success: true, data: { user, token: tokenFor(user) } } } : { status: 404, body: { success: false } },
  );
  renderAt('/login', <LoginPage />);
  await userEvent.type(screen.getByLabelText(/^Email/), user.email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/login'));
  return calls;
}

describe("signing in takes the account's language", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    i18n.activate('en', ['en-IN']);
    document.cookie = 'lang=; path=/; max-age=0';
    vi.unstubAllGlobals();
  });

  it('an English page switches to Bangla for a Bangla account, and remembers it', async () => {
    await logInAs('bn');
    await waitFor(() => expect(i18n.locale).toBe('bn'));
    expect(document.cookie).toContain('lang=bn');
  });

  it('an English account leaves an English page as it is', async () => {
    await logInAs('en');
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(i18n.locale).toBe('en');
    expect(document.cookie).not.toContain('lang=');
  });
});
