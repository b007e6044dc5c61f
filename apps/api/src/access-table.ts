import type { Role } from '@market/contract';

/**
 * Who may call what: the one place that says it. The access plugin enforces it on
 * every request and refuses to start if an /api route is missing here; the access
 * test is generated from it. The local OpenID Connect provider (modules/local-oidc,
 * served only while no Google client is configured) lives under /oidc, outside /api
 * and so outside this table: all of it is open to anyone, as a provider's endpoints
 * are, and its sign-in screen answers only on loopback.
 */
export type Rule =
  | { who: 'anyone' }
  /** `verified`: the caller must also have confirmed their e-mail address. */
  | { who: 'signed-in'; verified?: true }
  | { who: 'role'; roles: readonly Role[]; verified?: true }
  /** `:id` is the caller's own `_id` or e-mail; an Admin may read anyone's. */
  | { who: 'self-or-admin' }
  /** The product or order belongs to the caller, who has one of `roles`; its id is `:id`, or the body's `bodyKey`. */
  | { who: 'owner'; of: 'product' | 'order'; roles: readonly Role[]; bodyKey?: string }
  /** The product's seller or the order's buyer, or an Admin. */
  | { who: 'owner-or-admin'; of: 'product' | 'order' };

const anyone: Rule = { who: 'anyone' };
const signedIn: Rule = { who: 'signed-in' };
const admin: Rule = { who: 'role', roles: ['Admin'] };
const selfOrAdmin: Rule = { who: 'self-or-admin' };
/**
 * What reaches other people (posting a phone, booking one, reporting one) waits until the
 * caller has confirmed their e-mail address: decision 013.
 */
const verifiedSeller: Rule = { who: 'role', roles: ['Seller'], verified: true };
const verifiedBuyer: Rule = { who: 'role', roles: ['Buyer'], verified: true };
const verifiedSignedIn: Rule = { who: 'signed-in', verified: true };

export const accessTable = {
  'GET /api/health': anyone,
  'GET /api/demo-accounts': anyone,
  'POST /api/user': anyone,
  'POST /api/login': anyone,
  // Sign-up uploads the avatar before the account exists; rate-limited instead.
  'POST /api/images': anyone,
  // Google sign-in (OpenID Connect): the popup's two steps, then the ID token for a session.
  'GET /api/auth/google/start': anyone,
  'GET /api/auth/google/callback': anyone,
  'POST /api/google-user': anyone,
  // One-time links by e-mail: the code in the body is the credential.
  'POST /api/verify-email': anyone,
  'POST /api/forgot-password': anyone,
  'POST /api/reset-password': anyone,
  'GET /api/me': signedIn,
  'POST /api/verification-email': signedIn,
  'POST /api/change-password': signedIn,
  'POST /api/logout-everywhere': signedIn,

  'GET /api/category': anyone,
  'GET /api/advertise-products': anyone,
  'GET /api/category-products/:id': anyone,
  'GET /api/detail-product/:id': anyone,

  'GET /api/admin-overview': admin,
  'GET /api/all-buyer': admin,
  'GET /api/all-seller': admin,
  'GET /api/all-reported-products': admin,
  'PUT /api/verify-seller/:id': admin,
  'DELETE /api/user/:id': admin,
  'GET /api/outbox': admin,

  'GET /api/buyer-overview/:id': selfOrAdmin,
  'GET /api/orders/:id': selfOrAdmin,
  'GET /api/seller-overview/:id': selfOrAdmin,
  'GET /api/seller-products/:id': selfOrAdmin,

  'POST /api/product': verifiedSeller,
  'PUT /api/advertise-product/:id': { who: 'owner', of: 'product', roles: ['Seller'] },
  'DELETE /api/product/:id': { who: 'owner-or-admin', of: 'product' },

  'POST /api/order': verifiedBuyer,
  'GET /api/order/:id': { who: 'owner-or-admin', of: 'order' },
  'DELETE /api/order/:id': { who: 'owner-or-admin', of: 'order' },

  'PUT /api/report-product/:id': verifiedSignedIn,

  'POST /api/create-payment-intent': { who: 'owner', of: 'order', roles: ['Buyer'], bodyKey: 'orderId' },
  'POST /api/payment': { who: 'owner', of: 'order', roles: ['Buyer'], bodyKey: 'orderId' },
  // The payment sandbox's processor: the intent's client secret is the credential, as with Stripe.js.
  'POST /api/sandbox/payment_intents/:id/confirm': anyone,
  // Stripe's signature on the raw body is the credential.
  'POST /api/stripe/webhook': anyone,
} as const satisfies Record<string, Rule>;

export type RouteKey = keyof typeof accessTable;
