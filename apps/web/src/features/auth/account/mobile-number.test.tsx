import { i18n } from '@lingui/core';
import { intlLocale } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import AccountPage from './account-page.tsx';

/** Issue 36: a Seller confirms their mobile number on their account page, with the code sent to it by SMS. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const section = () => screen.getByRole('region', { name: /^Mobile number$|^মোবাইল নম্বর$/ });

/** The API: a code sent to any number; `code` confirms, publishing one held phone and leaving one for a person's check. */
function api(code = '482913') {
  return fakeApi(({ method, path, body }: Call) => {
    if (method === 'POST' && path === '/api/my-number') {
      const number = (body as { number: string }).number;
      if (number.replace(/\D/g, '').endsWith('1711000999')) return { status: 409, body: { success: false, code: 'number_already_confirmed', message: 'x' } };
      return { status: 202, body: { success: true, data: { number: '01812345678', minutes: 10 } } };
    }
    if (method === 'POST' && path === '/api/my-number/confirm') {
      if ((body as { code: string }).code === code)
        return { status: 200, body: { success: true, data: { confirmedNumber: '01812345678', published: 1, stillChecked: 1 } } };
      return { status: 400, body: { success: false, code: 'sms_code_wrong', params: { left: 4 }, message: 'x' } };
    }
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

describe('Mobile number on the account page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('is a Seller’s only', async () => {
    api();
    signIn(aUser({ role: 'Buyer', emailVerified: true }));
    renderAt('/dashboard/account', <AccountPage />);
    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.queryByRole('region', { name: 'Mobile number' })).toBeNull();
  });

  it('checks the number where it is typed, sends the code, then takes the code: a wrong one is said under it, the right one confirms', async () => {
    const calls = api();
    signIn(seller);
    renderAt('/dashboard/account', <AccountPage />);
    await screen.findByRole('heading', { name: 'Account' });
    const here = section();
    expect(here).toHaveTextContent('No mobile number confirmed yet.');
    expect(here).toHaveTextContent('Not verified');
    // Not focused on arrival: the page starts at its top.
    const field = within(here).getByRole('textbox', { name: 'Mobile number' });
    expect(field).not.toHaveFocus();

    await userEvent.type(field, '01234');
    await userEvent.click(within(here).getByRole('button', { name: 'Send code' }));
    const problem = await within(here).findByText(/Bangladeshi mobile number/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(problem.closest('p')!.id);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '+880 1812-345678');
    await userEvent.click(within(here).getByRole('button', { name: 'Send code' }));
    const code = await within(here).findByRole('textbox', { name: 'Code from the SMS' });
    expect(calls.find((c) => c.path === '/api/my-number')!.body).toEqual({ number: '+880 1812-345678' });
    expect(here).toHaveTextContent('We sent a 6-digit code by SMS to 01812345678. It works for 10 minutes.');
    // The keyboard is where the code goes; the form is described by what was sent.
    await waitFor(() => expect(code).toHaveFocus());
    expect(code.closest('form')!.getAttribute('aria-describedby')).toBeTruthy();

    await userEvent.type(code, '000000');
    await userEvent.click(within(here).getByRole('button', { name: 'Confirm number' }));
    const wrong = await within(here).findByText('That is not the code we sent: 4 tries left');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code.getAttribute('aria-describedby')).toContain(wrong.closest('p')!.id);

    await userEvent.clear(code);
    await userEvent.type(code, '482913');
    await userEvent.click(within(here).getByRole('button', { name: 'Confirm number' }));
    await within(here).findByText('Your confirmed number: 01812345678');
    expect(here).toHaveTextContent('Number verified');
    expect(here).toHaveTextContent('1 phone that waited for it is on sale now.');
    expect(here).toHaveTextContent('1 phone still waits for a check by a person.');
    expect(within(here).queryByRole('textbox')).toBeNull();
    // The stored session knows it (the Add product page reads it).
    expect(JSON.parse(localStorage.getItem('auth')!).user.confirmedNumber).toBe('01812345678');
  });

  it('a confirmed number is shown; Change number asks for a new one, and says the old one stays until the code is entered', async () => {
    api();
    signIn({ ...seller, confirmedNumber: '01711000999' });
    renderAt('/dashboard/account', <AccountPage />);
    await screen.findByRole('heading', { name: 'Account' });
    const here = section();
    expect(here).toHaveTextContent('Your confirmed number: 01711000999');
    expect(within(here).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(here).getByRole('button', { name: 'Change number' }));
    const field = within(here).getByRole('textbox', { name: 'New mobile number' });
    await waitFor(() => expect(field).toHaveFocus());
    // The same number again: the server's refusal, under the field.
    await userEvent.type(field, '01711-000999');
    await userEvent.click(within(here).getByRole('button', { name: 'Send code' }));
    expect(await within(here).findByText('This is already your confirmed mobile number')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '01812345678');
    await userEvent.click(within(here).getByRole('button', { name: 'Send code' }));
    await within(here).findByRole('textbox', { name: 'Code from the SMS' });
    expect(here).toHaveTextContent('Until you enter it, 01711000999 stays your confirmed number.');
    await userEvent.click(within(here).getByRole('button', { name: 'Use another number' }));
    await waitFor(() => expect(within(here).getByRole('textbox', { name: 'New mobile number' })).toHaveFocus());
  });

  it('opened from a held listing’s link (#mobile-number), the keyboard starts at the section', async () => {
    api();
    signIn(seller);
    renderAt('/dashboard/account#mobile-number', <AccountPage />, '/dashboard/account');
    await screen.findByRole('heading', { name: 'Account' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Mobile number' })).toHaveFocus());
  });
});

describe('Mobile number in Bangla', () => {
  beforeEach(async () => {
    localStorage.clear();
    await Promise.all((['auth', 'forms', 'common', 'errors'] as const).map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it('says everything in Bangla, the refusals too', async () => {
    api();
    signIn(seller);
    renderAt('/dashboard/account', <AccountPage />);
    await screen.findByRole('heading', { name: 'অ্যাকাউন্ট' });
    const here = section();
    expect(here).toHaveTextContent('এখনো কোনো মোবাইল নম্বর নিশ্চিত করা হয়নি।');
    const field = within(here).getByRole('textbox', { name: 'মোবাইল নম্বর' });
    await userEvent.type(field, '০১৮১২৩৪৫৬৭৮');
    await userEvent.click(within(here).getByRole('button', { name: 'কোড পাঠান' }));
    const code = await within(here).findByRole('textbox', { name: 'এসএমএসের কোড' });
    expect(here).toHaveTextContent('01812345678 নম্বরে এসএমএসে ৬ অঙ্কের একটি কোড পাঠিয়েছি। এটি ১০ মিনিট কাজ করবে।');
    await userEvent.type(code, '000000');
    await userEvent.click(within(here).getByRole('button', { name: 'নম্বর নিশ্চিত করুন' }));
    expect(await within(here).findByText(/^এটি আমাদের পাঠানো কোড নয়: আর (4|৪)বার চেষ্টা করা যাবে$/)).toBeInTheDocument();
  });
});
