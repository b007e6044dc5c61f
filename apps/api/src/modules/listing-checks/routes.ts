import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { getProduct } from '../products/service.ts';
import { approveListing, heldListings, rejectListing } from './service.ts';

/** The Admin's check queue (issue 36): the held listings, oldest first; approve or reject each with a reason. */
export default async function listingCheckRoutes(app: FastifyInstance) {
  const asOwners = async (ids: string[]) => new Map(await Promise.all(ids.map(async (id) => [id, await getProduct(app.db, id, true)] as const)));
  route(app, e.heldListings, ({ query }) => heldListings(app.db, query, asOwners));
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
