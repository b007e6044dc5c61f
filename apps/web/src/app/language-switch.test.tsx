import { i18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../test-utils.tsx';
import { LanguageSwitch } from './language-switch.tsx';

const toBangla = () => userEvent.click(screen.getByRole('link', { name: 'বাংলা' }));
const inBangla = () => waitFor(() => expect(i18n.locale).toBe('bn'));

describe('the language switch', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    i18n.activate('en', ['en-IN']);
    document.cookie = 'lang=; path=/; max-age=0';
    vi.unstubAllGlobals();
  });

  it('keeps a signed-in choice on the account too (PUT /api/language)', async () => {
    const user = aUser();
    signIn(user);
    const calls = fakeApi(() => ({ status: 200, body: { success: true, data: { ...user, language: 'bn' } } }));
    renderAt('/', <LanguageSwitch />);
    await toBangla();
    await inBangla();
    expect(document.cookie).toContain('lang=bn');
    expect(calls.filter((c) => c.path === '/api/language')).toEqual([{ method: 'PUT', path: '/api/language', body: { language: 'bn' } }]);
  });

  it('switches all the same when the account could not keep it (the cookie does)', async () => {
    signIn(aUser());
    const calls = fakeApi(() => ({ status: 500, body: { success: false, message: 'Internal Server Error', code: 'internal_error' } }));
    renderAt('/', <LanguageSwitch />);
    await toBangla();
    await inBangla();
    expect(document.cookie).toContain('lang=bn');
    expect(calls.map((c) => c.path)).toContain('/api/language');
  });

  it('asks nothing of the API when nobody is signed in', async () => {
    const calls = fakeApi();
    renderAt('/', <LanguageSwitch />);
    await toBangla();
    await inBangla();
    expect(calls).toEqual([]);
  });
});
