import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { getProduct, loadOwnedProducts } from '../products/service.ts';
import { approveListing, heldListings, rejectListing } from './service.ts';

/** The Admin's check queue (issue 36): the held listings, oldest first; approve or reject each with a reason. */
export default async function listingCheckRoutes(app: FastifyInstance) {
  route(app, e.heldListings, ({ query }) => heldListings(app.db, query, (ids) => loadOwnedProducts(app.db, ids)));
  route(app, e.approveListing, async ({ params, body, user }) => {
    await approveListing(app.db, params.id, user, body.reason ?? null);
    // The seller's notification and the saved searches' alerts go now.
    app.jobs.nudge();
    return getProduct(app.db, params.id, true);
  });
  route(app, e.rejectListing, async ({ params, body, user }) => {
    await rejectListing(app.db, params.id, user, body.reason);
    app.jobs.nudge();
    return getProduct(app.db, params.id, true);
  });
}
