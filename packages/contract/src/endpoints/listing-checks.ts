import { IdParams, PageQuery } from '../common.ts';
import { Product } from '../catalog.ts';
import { endpoint, role } from '../endpoint.ts';
import { ApproveListingBody, HeldListing, RejectListingBody } from '../listing-checks.ts';

const tag = 'listing-checks';
const admin = role('Admin');

export const heldListings = endpoint('heldListings', {
  tag,
  summary:
    'The listings held for a check (issue 36), oldest first: each with the risk signals it was held for (the matching photos of other accounts), and its seller’s history; not those waiting only for their seller to confirm a mobile number',
  access: admin,
  query: PageQuery,
  page: HeldListing,
});

export const approveListing = endpoint('approveListing', {
  tag,
  summary:
    'Approve a held listing: it goes live, its seller is told; its signals no longer hold it at an edit (audited). One whose seller has not confirmed a mobile number waits for that alone',
  access: admin,
  params: IdParams,
  body: ApproveListingBody,
  data: Product,
  errors: { 404: ['not_found'], 409: ['listing_not_waiting'] },
});

export const rejectListing = endpoint('rejectListing', {
  tag,
  summary: 'Reject a held listing with a reason: it stays off the site, its seller is told why and may edit it (audited)',
  access: admin,
  params: IdParams,
  body: RejectListingBody,
  data: Product,
  errors: { 404: ['not_found'], 409: ['listing_not_waiting'] },
});
