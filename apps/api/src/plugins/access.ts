import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { endpoints, type Endpoint, type NotFoundWhat, type NotYoursWhat, type Rule } from '@market/contract';
import { conversations, messages, orders, products, reviews, savedSearches } from '../db/schema.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import type { AuthUser } from './auth.ts';

const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(request.authProblem ?? 'not_logged_in');
  return request.user;
}

/** Checks that need no database: signed in, role, self. Runs before input validation. */
function checkIdentity(rule: Rule, request: FastifyRequest) {
  if (rule.who === 'anyone') return;
  const user = signedInUser(request);
  if (rule.who === 'role' || rule.who === 'owner') {
    if (!rule.roles.includes(user.role)) throw forbidden('forbidden_role', { roles: rule.roles.join(' or ') });
  }
  if ((rule.who === 'signed-in' || rule.who === 'role' || rule.who === 'owner') && rule.verified && !user.emailVerifiedAt) {
    throw forbidden('email_not_confirmed');
  }
  if (rule.who === 'self-or-admin' && user.role !== 'Admin') {
    const id = String((request.params as { id?: string }).id ?? '')
      .trim()
      .toLowerCase();
    if (id !== user.id && id !== user.email) throw forbidden('own_data_only');
  }
}

type Owned = Extract<Rule, { who: 'owner' }>['of'];

/**
 * For each kind of thing a rule can own: who its owner is, or its owners (a conversation's two people; undefined: no
 * such thing), its name in a 404 and in a 403 (`not_yours`).
 */
const owners: Record<
  Owned,
  { owner(app: FastifyInstance, id: string): Promise<string | readonly string[] | null | undefined>; noun: NotFoundWhat; what: NotYoursWhat }
> = {
  product: { owner: productSeller, noun: 'Product', what: 'product' },
  order: { owner: orderBuyer, noun: 'Order', what: 'order' },
  booking: { owner: bookedSeller, noun: 'Booking', what: 'booking' },
  review: { owner: reviewWriter, noun: 'Review', what: 'review' },
  'review-of-me': { owner: reviewedSeller, noun: 'Review', what: 'review_of_me' },
  conversation: { owner: conversationParties, noun: 'Conversation', what: 'conversation' },
  message: { owner: messageParties, noun: 'Message', what: 'message' },
  'saved-search': { owner: savedSearchOwner, noun: 'Search', what: 'saved_search' },
};

/** Ownership checks, after the id has been validated. */
async function checkOwnership(app: FastifyInstance, rule: Rule, request: FastifyRequest) {
  if (rule.who !== 'owner' && rule.who !== 'owner-or-admin') return;
  const user = signedInUser(request);
  const id = rule.who === 'owner' && rule.bodyKey ? String((request.body as Record<string, unknown>)[rule.bodyKey]) : (request.params as { id: string }).id;
  const kind = owners[rule.of];
  const ownerId = await kind.owner(app, id);
  if (ownerId === undefined) throw notFound(kind.noun);
  if (ownerId === user.id || (Array.isArray(ownerId) && ownerId.includes(user.id))) return;
  if (rule.who === 'owner-or-admin' && user.role === 'Admin') return;
  throw forbidden('not_yours', { what: kind.what });
}

async function productSeller(app: FastifyInstance, id: string) {
  const [row] = await app.db.select({ owner: products.sellerId }).from(products).where(eq(products.id, id)).limit(1);
  return row?.owner;
}

/** The seller of the phone an order books (null once the phone is deleted: nobody's). */
async function bookedSeller(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({ owner: products.sellerId })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, id))
    .limit(1);
  return row ? row.owner : undefined;
}

async function orderBuyer(app: FastifyInstance, id: string) {
  const [row] = await app.db.select({ owner: orders.buyerId }).from(orders).where(eq(orders.id, id)).limit(1);
  return row ? row.owner : undefined;
}

/** Who wrote a review (null once their account is deleted). */
async function reviewWriter(app: FastifyInstance, id: string) {
  const [row] = await app.db.select({ owner: reviews.reviewerId }).from(reviews).where(eq(reviews.id, id)).limit(1);
  return row ? row.owner : undefined;
}

async function reviewedSeller(app: FastifyInstance, id: string) {
  const [row] = await app.db.select({ owner: reviews.sellerId }).from(reviews).where(eq(reviews.id, id)).limit(1);
  return row?.owner;
}

/** A conversation's buyer and seller. */
async function conversationParties(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({ buyer: conversations.buyerId, seller: conversations.sellerId })
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return row ? [row.buyer, row.seller] : undefined;
}

/** The two people of the conversation a message is in. */
/** Whose a saved search is (issue 34). */
async function savedSearchOwner(app: FastifyInstance, id: string) {
  const [row] = await app.db.select({ owner: savedSearches.userId }).from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
  return row?.owner;
}

async function messageParties(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({ buyer: conversations.buyerId, seller: conversations.sellerId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, id))
    .limit(1);
  return row ? [row.buyer, row.seller] : undefined;
}

const listed = new Set<Endpoint>(Object.values(endpoints));

/**
 * Enforces each route's access rule, taken from the endpoint descriptor it was registered from
 * (route.ts). An /api route registered any other way, or from a descriptor missing from the
 * contract's list of endpoints, stops start-up; so does a listed endpoint that no route serves.
 */
export default fp(async function access(app: FastifyInstance) {
  const served = new Set<Endpoint>();
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const endpoint = route.config?.endpoint;
      if (!endpoint || !listed.has(endpoint))
        throw new Error(`Route ${key} has no rule in the access table: register it from an endpoint of packages/contract/src/endpoints`);
      if (`${endpoint.method} ${endpoint.path}` !== key)
        throw new Error(`Route ${key} was registered from the descriptor of ${endpoint.method} ${endpoint.path}`);
      served.add(endpoint);
      const rule = endpoint.access;
      const identity = async (request: FastifyRequest) => checkIdentity(rule, request);
      const ownership = async (request: FastifyRequest) => checkOwnership(app, rule, request);
      route.preValidation = [identity, ...[route.preValidation ?? []].flat()];
      route.preHandler = [ownership, ...[route.preHandler ?? []].flat()];
    }
  });
  app.addHook('onReady', async () => {
    const missing = [...listed].filter((e) => !served.has(e)).map((e) => `${e.method} ${e.path}`);
    if (missing.length) throw new Error(`Endpoints without a route: ${missing.join(', ')}`);
  });
});
