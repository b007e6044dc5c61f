import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { getProduct } from '../products/service.ts';
import { renewListing, stillAvailable } from './service.ts';

/** A listing's term (issue 36): its seller renews it from My Products, or by the one-tap link of the expiry reminder. */
export default async function listingTermRoutes(app: FastifyInstance, { secret }: { secret: string }) {
  route(app, e.renewProduct, async ({ params }) => {
    await renewListing(app.db, params.id);
    return getProduct(app.db, params.id, true);
  });
  route(app, e.stillAvailable, ({ body }) => stillAvailable(app.db, secret, body.token, false));
  route(app, e.renewByLink, ({ body }) => stillAvailable(app.db, secret, body.token, true));
}
