import { Product } from '../catalog.ts';
import { IdParams, PageQuery } from '../common.ts';
import { anyone, endpoint } from '../endpoint.ts';
import { AnswerBody, EditReviewBody, NewReviewBody, Review, SellerProfile } from '../reviews.ts';

const tag = 'reviews';

export const review = endpoint('review', {
  tag,
  summary: 'Rate the seller of an own paid order, once for that order: 1 to 5 stars and words if wished',
  access: { who: 'owner', of: 'order', roles: ['Buyer'], bodyKey: 'orderId' },
  body: NewReviewBody,
  data: Review,
  status: [201],
  errors: { 409: ['review_before_completion', 'review_refunded', 'review_seller_gone', 'already_reviewed'] },
});

export const editReview = endpoint('editReview', {
  tag,
  summary: 'Change an own review, within 30 days of writing it',
  access: { who: 'owner', of: 'review', roles: ['Buyer'] },
  params: IdParams,
  body: EditReviewBody,
  data: Review,
  errors: { 409: ['review_edit_window_passed'] },
});

export const answerReview = endpoint('answerReview', {
  tag,
  summary: 'The reviewed seller answers a review, once',
  access: { who: 'owner', of: 'review-of-me', roles: ['Seller'] },
  params: IdParams,
  body: AnswerBody,
  data: Review,
  errors: { 409: ['already_answered'] },
});

export const sellerProfile = endpoint('sellerProfile', {
  tag,
  summary: "A seller's public page: name, avatar, verified, member since, rating (mean of reviews and their count), sold and live counts",
  access: anyone,
  params: IdParams,
  data: SellerProfile,
  cache: 'public',
  errors: { 404: ['not_found'] },
});

export const sellerReviews = endpoint('sellerReviews', {
  tag,
  summary: "A seller's reviews, newest first, with the seller's answers",
  access: anyone,
  params: IdParams,
  query: PageQuery,
  page: Review,
  cache: 'public',
  errors: { 404: ['not_found'] },
});

export const sellerListings = endpoint('sellerListings', {
  tag,
  summary: "A seller's phones on sale, newest first",
  access: anyone,
  params: IdParams,
  query: PageQuery,
  page: Product,
  cache: 'public',
  errors: { 404: ['not_found'] },
});
