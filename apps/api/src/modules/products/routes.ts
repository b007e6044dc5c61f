import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { route } from '../../route.ts';
import { resolveUser } from '../users/resolve.ts';
import { searchProducts, similarProducts, suggestProducts } from './search.ts';
import * as service from './service.ts';

export default async function productRoutes(app: FastifyInstance, opts: { search: Config['search']; risk: Config['risk'] }) {
  const { newWordsPerListing, wordsBudgetMs } = opts.search;
  route(app, e.categories, () => service.listCategories(app.db));
  route(app, e.advertisedProducts, ({ query }) => service.listAdvertised(app.db, query));
  route(app, e.categoryProducts, ({ params, query }) => service.listInCategory(app.db, params.id, query));
  route(app, e.searchProducts, ({ query }) => searchProducts(app.db, query, app.searchIndex, wordsBudgetMs));
  route(app, e.productSuggestions, ({ query }) => suggestProducts(app.db, query.q, app.searchIndex, wordsBudgetMs));
  route(app, e.product, ({ params }) => service.productPage(app.db, params.id));
  route(app, e.similarProducts, ({ params }) => similarProducts(app.db, app.searchIndex, params.id));
  route(app, e.ownProduct, ({ params }) => service.getProduct(app.db, params.id, true));
  route(app, e.sellerProducts, async ({ params, query }) => service.listBySeller(app.db, (await resolveUser(app.db, params.id)).id, query));
  route(app, e.reportedProducts, ({ query }) => service.listReported(app.db, query));
  route(app, e.addProduct, async ({ user, body }) => {
    const product = await service.createProduct(app.db, user.id, body, newWordsPerListing, opts.risk);
    // The saved searches it matches hear of it now.
    app.jobs.nudge();
    return product;
  });
  route(app, e.editProduct, async ({ params, body }) => {
    const product = await service.editProduct(app.db, params.id, body, newWordsPerListing, opts.risk);
    // A lower price told to the people who saved it: their mails go now.
    app.jobs.nudge();
    return product;
  });
  route(app, e.advertiseProduct, ({ params }) => service.advertiseProduct(app.db, params.id));
  route(app, e.stopAdvertising, ({ params }) => service.stopAdvertising(app.db, params.id));
  route(app, e.markSold, async ({ params }) => {
    const product = await service.markSold(app.db, params.id);
    // Its open bookings closed: their buyers' mails go now.
    app.jobs.nudge();
    return product;
  });
  route(app, e.hideProduct, ({ params }) => service.hideProduct(app.db, params.id));
  route(app, e.deleteProduct, async ({ params, user }) => {
    await service.deleteProduct(app.db, params.id, user);
    return { deleted: true as const };
  });
}
