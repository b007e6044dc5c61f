import { IdParams, PageQuery } from '../common.ts';
import { endpoint, role } from '../endpoint.ts';
import { SavedAnswer, SavedIds, SavedPhone } from '../favourites.ts';

const tag = 'favourites';
/** Who saves phones: the people of a deal (an Admin keeps none). The answers are the caller's own, never public. */
const savers = role('Buyer', 'Seller');

export const savedPhones = endpoint('savedPhones', {
  tag,
  summary: 'The phones the signed-in person saved, the latest saved first: each as the cards show it, or marked sold or removed',
  access: savers,
  query: PageQuery,
  page: SavedPhone,
});

export const savedIds = endpoint('savedIds', {
  tag,
  summary: 'The ids of every phone the signed-in person saved (the hearts on cards and on the phone’s page)',
  access: savers,
  data: SavedIds,
});

export const saveProduct = endpoint('saveProduct', {
  tag,
  summary: 'Save a phone for sale: its price drop or sale is told in the notification centre (again is the same answer)',
  access: savers,
  params: IdParams,
  data: SavedAnswer,
  // The seller's count is in no public answer (My Products only).
  cache: 'keeps',
  errors: { 403: ['own_phone_save'], 404: ['not_found'], 409: ['product_sold', 'listing_expired', 'too_many_saved'] },
});

export const unsaveProduct = endpoint('unsaveProduct', {
  tag,
  summary: 'Remove a phone from the saved ones (again, or one never saved, is the same answer)',
  access: savers,
  params: IdParams,
  data: SavedAnswer,
  cache: 'keeps',
});
