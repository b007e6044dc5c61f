import type { Method } from './method.ts';

/**
 * The method and path of every API call, by name: the one part of an endpoint the browser needs at run
 * time, kept free of schemas so the web bundle carries no validation code. The rest of each endpoint
 * (schemas, access, cache, limits) is in endpoints/, which the web app imports for types only.
 */
/** Phones per category page; 'Load more' fetches the next ones (the server inlines the first page in the HTML). */
export const categoryPageSize = 24;

export const routes = {
  signUp: { method: 'POST', path: '/api/user' },
  logIn: { method: 'POST', path: '/api/login' },
  demoAccounts: { method: 'GET', path: '/api/demo-accounts' },
  me: { method: 'GET', path: '/api/me' },
  verificationEmail: { method: 'POST', path: '/api/verification-email' },
  verifyEmail: { method: 'POST', path: '/api/verify-email' },
  forgotPassword: { method: 'POST', path: '/api/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/reset-password' },
  changePassword: { method: 'POST', path: '/api/change-password' },
  logoutEverywhere: { method: 'POST', path: '/api/logout-everywhere' },
  setLanguage: { method: 'PUT', path: '/api/language' },
  googleStart: { method: 'GET', path: '/api/auth/google/start' },
  googleCallback: { method: 'GET', path: '/api/auth/google/callback' },
  googleUser: { method: 'POST', path: '/api/google-user' },
  health: { method: 'GET', path: '/api/health' },
  allBuyers: { method: 'GET', path: '/api/all-buyer' },
  allSellers: { method: 'GET', path: '/api/all-seller' },
  verifySeller: { method: 'PUT', path: '/api/verify-seller/:id' },
  deleteUser: { method: 'DELETE', path: '/api/user/:id' },
  suspendSeller: { method: 'PUT', path: '/api/suspend-seller/:id' },
  reinstateSeller: { method: 'PUT', path: '/api/reinstate-seller/:id' },
  paidOrders: { method: 'GET', path: '/api/paid-orders' },
  refundOrder: { method: 'PUT', path: '/api/refund-order/:id' },
  outbox: { method: 'GET', path: '/api/outbox' },
  auditLog: { method: 'GET', path: '/api/audit-log' },
  adminOverview: { method: 'GET', path: '/api/admin-overview' },
  buyerOverview: { method: 'GET', path: '/api/buyer-overview/:id' },
  sellerOverview: { method: 'GET', path: '/api/seller-overview/:id' },
  uploadImage: { method: 'POST', path: '/api/images' },
  categories: { method: 'GET', path: '/api/category' },
  phoneModels: { method: 'GET', path: '/api/phone-models' },
  unlistedModels: { method: 'GET', path: '/api/admin/unlisted-models' },
  addPhoneModel: { method: 'POST', path: '/api/admin/phone-models' },
  addModelAlias: { method: 'POST', path: '/api/admin/phone-models/:id/aliases' },
  searchProducts: { method: 'GET', path: '/api/products' },
  productSuggestions: { method: 'GET', path: '/api/product-suggestions' },
  advertisedProducts: { method: 'GET', path: '/api/advertise-products' },
  categoryProducts: { method: 'GET', path: '/api/category-products/:id' },
  product: { method: 'GET', path: '/api/detail-product/:id' },
  similarProducts: { method: 'GET', path: '/api/similar-products/:id' },
  saveSearch: { method: 'POST', path: '/api/saved-searches' },
  savedSearches: { method: 'GET', path: '/api/saved-searches' },
  setSavedSearchFrequency: { method: 'PUT', path: '/api/saved-searches/:id' },
  deleteSavedSearch: { method: 'DELETE', path: '/api/saved-searches/:id' },
  ownProduct: { method: 'GET', path: '/api/own-product/:id' },
  sellerProducts: { method: 'GET', path: '/api/seller-products/:id' },
  reportedProducts: { method: 'GET', path: '/api/all-reported-products' },
  addProduct: { method: 'POST', path: '/api/product' },
  editProduct: { method: 'PUT', path: '/api/product/:id' },
  advertiseProduct: { method: 'PUT', path: '/api/advertise-product/:id' },
  stopAdvertising: { method: 'DELETE', path: '/api/advertise-product/:id' },
  markSold: { method: 'PUT', path: '/api/mark-sold/:id' },
  hideProduct: { method: 'PUT', path: '/api/hide-product/:id' },
  reportProduct: { method: 'PUT', path: '/api/report-product/:id' },
  report: { method: 'POST', path: '/api/report' },
  reportQueue: { method: 'GET', path: '/api/report-queue' },
  dismissReports: { method: 'PUT', path: '/api/dismiss-reports/:id' },
  warnSeller: { method: 'PUT', path: '/api/warn-seller/:id' },
  removeReported: { method: 'PUT', path: '/api/remove-reported/:id' },
  deleteProduct: { method: 'DELETE', path: '/api/product/:id' },
  book: { method: 'POST', path: '/api/order' },
  buyerOrders: { method: 'GET', path: '/api/orders/:id' },
  sellerBookings: { method: 'GET', path: '/api/seller-bookings/:id' },
  declineBooking: { method: 'PUT', path: '/api/decline-booking/:id' },
  notifications: { method: 'GET', path: '/api/notifications' },
  unreadNotifications: { method: 'GET', path: '/api/notifications/unread' },
  readNotification: { method: 'PUT', path: '/api/notifications/:id/read' },
  // Not /api/notifications/read: a client's URL would make /api/notifications/./read (an id of '.') that path.
  readAllNotifications: { method: 'PUT', path: '/api/notifications/read-all' },
  mailPreferences: { method: 'GET', path: '/api/notifications/preferences' },
  setMailPreferences: { method: 'PUT', path: '/api/notifications/preferences' },
  startConversation: { method: 'POST', path: '/api/conversations' },
  conversations: { method: 'GET', path: '/api/conversations' },
  unreadMessages: { method: 'GET', path: '/api/conversations/unread' },
  conversation: { method: 'GET', path: '/api/conversations/:id' },
  conversationMessages: { method: 'GET', path: '/api/conversations/:id/messages' },
  sendMessage: { method: 'POST', path: '/api/conversations/:id/messages' },
  readConversation: { method: 'PUT', path: '/api/conversations/:id/read' },
  reportMessage: { method: 'POST', path: '/api/messages/:id/report' },
  blockedUsers: { method: 'GET', path: '/api/blocks' },
  blockUser: { method: 'PUT', path: '/api/blocks/:id' },
  unblockUser: { method: 'DELETE', path: '/api/blocks/:id' },
  messageReports: { method: 'GET', path: '/api/admin/message-reports' },
  reportedConversation: { method: 'GET', path: '/api/admin/conversations/:id' },
  dismissMessageReports: { method: 'POST', path: '/api/admin/messages/:id/dismiss' },
  warnSender: { method: 'POST', path: '/api/admin/messages/:id/warn' },
  liveEvents: { method: 'GET', path: '/api/events' },
  pushKey: { method: 'GET', path: '/api/push/key' },
  subscribePush: { method: 'POST', path: '/api/push/subscriptions' },
  unsubscribePush: { method: 'DELETE', path: '/api/push/subscriptions' },
  savedPhones: { method: 'GET', path: '/api/favourites' },
  savedIds: { method: 'GET', path: '/api/favourites/ids' },
  saveProduct: { method: 'PUT', path: '/api/favourites/:id' },
  unsaveProduct: { method: 'DELETE', path: '/api/favourites/:id' },
  acceptBooking: { method: 'PUT', path: '/api/accept-booking/:id' },
  order: { method: 'GET', path: '/api/order/:id' },
  orderEvents: { method: 'GET', path: '/api/order/:id/events' },
  bookingEvents: { method: 'GET', path: '/api/booking/:id/events' },
  handoverCode: { method: 'GET', path: '/api/order/:id/handover' },
  handOver: { method: 'POST', path: '/api/booking/:id/handover' },
  callOffOrder: { method: 'POST', path: '/api/order/:id/call-off' },
  callOffBooking: { method: 'POST', path: '/api/booking/:id/call-off' },
  openDispute: { method: 'POST', path: '/api/order/:id/dispute' },
  disputes: { method: 'GET', path: '/api/disputes' },
  decideDispute: { method: 'PUT', path: '/api/dispute/:id' },
  askDispute: { method: 'POST', path: '/api/dispute/:id/question' },
  answerDisputeOrder: { method: 'POST', path: '/api/order/:id/dispute-answer' },
  answerDisputeBooking: { method: 'POST', path: '/api/booking/:id/dispute-answer' },
  deleteOrder: { method: 'DELETE', path: '/api/order/:id' },
  createPaymentIntent: { method: 'POST', path: '/api/create-payment-intent' },
  recordPayment: { method: 'POST', path: '/api/payment' },
  sandboxConfirm: { method: 'POST', path: '/api/sandbox/payment_intents/:id/confirm' },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  bkashCreate: { method: 'POST', path: '/api/bkash/create-payment' },
  bkashCallback: { method: 'GET', path: '/api/bkash/callback' },
  review: { method: 'POST', path: '/api/review' },
  editReview: { method: 'PUT', path: '/api/review/:id' },
  answerReview: { method: 'PUT', path: '/api/review-answer/:id' },
  sellerProfile: { method: 'GET', path: '/api/seller/:id' },
  sellerReviews: { method: 'GET', path: '/api/seller-reviews/:id' },
  sellerListings: { method: 'GET', path: '/api/seller-listings/:id' },
  fees: { method: 'GET', path: '/api/fees' },
  earnings: { method: 'GET', path: '/api/earnings' },
  sales: { method: 'GET', path: '/api/earnings/sales' },
  salesCsv: { method: 'GET', path: '/api/earnings/sales.csv' },
  payoutMethod: { method: 'GET', path: '/api/payout-method' },
  setPayoutMethod: { method: 'PUT', path: '/api/payout-method' },
  confirmPayoutNumber: { method: 'POST', path: '/api/payout-method/confirm' },
  requestPayout: { method: 'POST', path: '/api/payouts' },
  payouts: { method: 'GET', path: '/api/payouts' },
  allPayouts: { method: 'GET', path: '/api/all-payouts' },
  payoutBatch: { method: 'POST', path: '/api/payout-batches' },
  settlePayout: { method: 'PUT', path: '/api/payout/:id' },
  adjustBalance: { method: 'POST', path: '/api/seller-balance/:id' },
  moneyOverview: { method: 'GET', path: '/api/money-overview' },
  smsOutbox: { method: 'GET', path: '/api/sms-outbox' },
} as const satisfies Record<string, { method: Method; path: `/api/${string}` }>;

export type RouteName = keyof typeof routes;

/** The names of the params in a path: `'/api/review-answer/:id'` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? K
    : never;

/** A path with its params filled in, each value one encoded path segment (what the web calls and the API tests use). */
export const fillPath = (path: string, values: Readonly<Record<string, unknown>> = {}): string =>
  path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values[key])));

/** A query as the API reads it: a list is its key once per value (`?category=a&category=b`); undefined and null are left out. */
export const queryString = (query: Readonly<Record<string, unknown>> = {}): string =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null)
      .flatMap(([k, v]): [string, string][] => (Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]])),
  ).toString();
