import type { Review } from '@market/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt } from '../../test-utils.tsx';
import { SellerPage } from './seller-page.tsx';
import { aReview, inBangla, sellerAnswers } from './test-fixtures.ts';

const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Tanvir Hasan', role: 'Seller', sellerVerified: true });
const api = (rating: { average: number | null; count: number }, reviews: Review[]) => fakeApi(sellerAnswers(seller, rating, reviews, [aProduct()]));

describe("a seller's standing and reviews in Bangla", () => {
  inBangla();

  it('the seller page: since when, the counts, the rating, phones on sale and reviews, numbers and dates in Bangla digits', async () => {
    api({ average: 4.5, count: 2 }, [aReview(1, 5), aReview(2, 4)]);
    renderAt(`/seller/${seller._id}`, <SellerPage />, '/seller/:id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tanvir Hasan' })).toBeInTheDocument();
    expect(screen.getByText(/থেকে সদস্য$/)).toHaveTextContent(/^১ জানু(য়ারী)?,? ২০২৫ থেকে সদস্য$/);
    expect(screen.getByLabelText('রেটিং ৪.৫, ২টি রিভিউ থেকে')).toHaveTextContent('৪.৫');
    const stats = within(screen.getByRole('banner'));
    expect(stats.getByText('বিক্রি').nextElementSibling).toHaveTextContent('১২');
    expect(screen.getByRole('heading', { level: 2, name: 'এখন বিক্রির জন্য (১)' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /রিসেল মূল্য : ৳৬৫,০০০/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'রিভিউ (২)' })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Buyer 1-এর রিভিউ' });
    expect(first).toHaveTextContent('কিনেছেন Pixel 7');
    expect(first).toHaveTextContent('বিক্রেতার উত্তর' + 'Thank you!');
    expect(within(first).getByRole('img', { name: '৫-এর মধ্যে ৫ তারা' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Buyer 2-এর রিভিউ' })).toHaveTextContent(/২০২৬ · সম্পাদিত/);
    // Only the seller answers, on their own page.
    expect(screen.queryByRole('button', { name: /উত্তর দিন/ })).toBeNull();
  });

  it('before any review, the starting score, said to be that', async () => {
    api({ average: null, count: 0 }, []);
    renderAt(`/seller/${seller._id}`, <SellerPage />, '/seller/:id');
    expect(await screen.findByText('নতুন বিক্রেতা, এখনো রিভিউ নেই')).toBeInTheDocument();
    expect(screen.getByText('শুরুর স্কোর: ৫-এর মধ্যে ৫')).toBeInTheDocument();
    expect(await screen.findByText('এখনো কোনো রিভিউ নেই।')).toBeInTheDocument();
  });
});
