import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import { aReview, inBangla, sellerAnswers } from '../catalog/test-fixtures.ts';
import MyReviews from './my-reviews-page.tsx';

const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Tanvir Hasan', role: 'Seller', sellerVerified: true });

describe("the seller's My Reviews in Bangla", () => {
  inBangla();

  it('their standing and reviews, the way to their public page, answering a review', async () => {
    signIn(seller);
    fakeApi(sellerAnswers(seller, { average: 4.5, count: 2 }, [aReview(1, 5), aReview(2, 4)]));
    renderAt('/dashboard/myReviews', <MyReviews />);
    expect(screen.getByRole('heading', { level: 1, name: 'আমার রিভিউ' })).toBeInTheDocument();
    const page = screen.getByRole('link', { name: 'আপনার পাবলিক পেজে' });
    expect(page).toHaveAttribute('href', `/seller/${seller._id}`);
    expect(page.parentElement).toHaveTextContent(/সবাই তা দেখতে পাবেন আপনার পাবলিক পেজে।$/);
    await userEvent.click(await screen.findByRole('button', { name: 'Buyer 2-এর রিভিউর উত্তর দিন' }));
    const dialog = await screen.findByRole('dialog', { name: 'এই রিভিউর উত্তর দেবেন?' });
    expect(within(dialog).getByRole('textbox', { name: 'উত্তর' })).toHaveAccessibleDescription('সর্বোচ্চ ১০০০ অক্ষর');
    expect(within(dialog).getByRole('button', { name: 'উত্তর প্রকাশ করুন' })).toBeInTheDocument();
  });
});
