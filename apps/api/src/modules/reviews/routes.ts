import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import * as service from './service.ts';

export default async function reviewRoutes(app: FastifyInstance) {
  route(app, e.review, ({ body, user }) => service.writeReview(app.db, user, body));
  route(app, e.editReview, ({ params, body }) => service.editReview(app.db, params.id, body));
  route(app, e.answerReview, ({ params, body }) => service.answerReview(app.db, params.id, body));
  route(app, e.sellerProfile, ({ params }) => service.sellerProfile(app.db, params.id));
  route(app, e.sellerReviews, ({ params, query }) => service.sellerReviews(app.db, params.id, query));
  route(app, e.sellerListings, ({ params, query }) => service.sellerListings(app.db, params.id, query));
}
