import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../lib/i18n.ts';
import { aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import AccountPage from './account/account-page.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LoginPage } from './login-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SignUpPage } from './signup-page.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

describe('the auth screens in Bangla', () => {
  beforeEach(async () => {
    localStorage.clear();
    await Promise.all((['auth', 'forms', 'common'] as const).map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', ['bn-BD']);
  });
  afterEach(() => {
    i18n.activate('en', ['en-IN']);
    vi.unstubAllGlobals();
  });

  it('login: its words, and the empty form says so in Bangla', async () => {
    fakeApi();
    renderAt('/login', <LoginPage />);
    expect(screen.getByRole('heading', { name: 'লগইন' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'পাসওয়ার্ড ভুলে গেছেন?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('button', { name: 'ডেমো অ্যাকাউন্ট ব্যবহার করুন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'গুগল দিয়ে চালিয়ে যান' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'লগইন' }));
    expect(await screen.findByText('আপনার ইমেইল লিখুন')).toBeInTheDocument();
    expect(screen.getByText('আপনার পাসওয়ার্ড লিখুন')).toBeInTheDocument();
  });

  it("sign-up: labels, roles, the password's length in Bangla digits, and the server's rules in Bangla", async () => {
    fakeApi();
    renderAt('/signup', <SignUpPage />);
    expect(screen.getByRole('heading', { name: 'সাইন আপ' })).toBeInTheDocument();
    expect(screen.getByText('কমপক্ষে ৬ অক্ষর')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'বিক্রেতা' })).toHaveValue('Seller');
    expect(screen.getByRole('option', { name: 'ক্রেতা' })).toHaveValue('Buyer');
    await userEvent.type(screen.getByLabelText(/^ইমেইল/), 'not-an-address');
    await userEvent.type(screen.getByLabelText(/^পাসওয়ার্ড/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'সাইন আপ' }));
    expect(await screen.findByText('ইমেইল একটি সঠিক ইমেইল ঠিকানা হতে হবে')).toBeInTheDocument();
    expect(screen.getByText('পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে')).toBeInTheDocument();
    expect(screen.getByText('আপনার নাম লিখুন')).toBeInTheDocument();
  });

  it('forgot password: the link sent is said in Bangla, not in the server’s English (issue 35)', async () => {
    fakeApi(() => ({ status: 202, body: { success: true, data: { message: 'If mitu@example.com has an account, we sent it a link.' } } }));
    renderAt('/forgot-password', <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText(/^ইমেইল/), 'mitu@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'রিসেট লিংক পাঠান' }));
    expect(await screen.findByText(/^mitu@example.com ঠিকানায় কোনো অ্যাকাউন্ট থাকলে/)).toBeInTheDocument();
    expect(screen.queryByText(/we sent it a link/)).toBeNull();
  });

  it('reset password: the new password typed twice, checked in Bangla', async () => {
    const calls = fakeApi();
    renderAt('/reset-password?token=abc', <ResetPasswordPage />);
    expect(screen.getByText(/কমপক্ষে ৬ অক্ষরের একটি নতুন পাসওয়ার্ড দিন/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^নতুন পাসওয়ার্ড$/), 'secret1');
    await userEvent.type(screen.getByLabelText(/^নতুন পাসওয়ার্ড নিশ্চিত করুন/), 'secret2');
    await userEvent.click(screen.getByRole('button', { name: 'নতুন পাসওয়ার্ড সেট করুন' }));
    expect(await screen.findByText('পাসওয়ার্ড দুটি মেলেনি')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a link cut short says so in Bangla, on both pages the mails open', () => {
    fakeApi();
    renderAt('/reset-password', <ResetPasswordPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('লিংকটি অসম্পূর্ণ: ইমেইল থেকে পুরো লিংকটি খুলুন, অথবা নতুন লিংক চান।');
    expect(screen.getByRole('link', { name: 'নতুন লিংক চান' })).toHaveAttribute('href', '/forgot-password');
    renderAt('/verify-email', <VerifyEmailPage />);
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent('লিংকটি অসম্পূর্ণ');
    expect(screen.getByText((_, el) => el?.textContent === 'নতুন লিংক পেতে লগইন করুন।')).toBeInTheDocument();
  });

  it('the banner and the account page of an unconfirmed seller', () => {
    fakeApi();
    signIn(aUser({ role: 'Seller' }));
    renderAt('/dashboard/account', <VerifyEmailBanner />);
    expect(screen.getByRole('region', { name: 'ইমেইল নিশ্চিতকরণ' })).toHaveTextContent('আপনার ইমেইল ঠিকানা নিশ্চিত করুন: mitu@example.com-এ একটি লিংক পাঠিয়েছি।');
    renderAt('/dashboard/account', <AccountPage />);
    expect(screen.getByRole('heading', { name: 'অ্যাকাউন্ট' })).toBeInTheDocument();
    expect(screen.getByText('বিক্রেতা')).toBeInTheDocument();
    expect(screen.getByText('নিশ্চিত হয়নি')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পাসওয়ার্ড বদলান' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'সব জায়গা থেকে লগআউট করুন' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'লিংকটি আবার পাঠান' })).toHaveLength(2);
  });
});
