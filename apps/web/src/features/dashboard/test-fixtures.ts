import type { Order } from '@market/contract';

/** One page of a paged list, as the API answers it (the last page). */
export const page = (data: unknown[]) => ({ status: 200, body: { success: true, data, meta: { nextCursor: null } } });

/** A paid order, as GET /api/paid-orders answers it. */
export const aPaidOrder = (overrides: Partial<Order> = {}): Order => ({
  _id: '66666666-6666-4666-8666-666666666666',
  productId: null,
  productName: 'iPhone 13',
  productPrice: 118000,
  productImg: '',
  buyerName: 'Mitu Akter',
  buyerEmail: 'mitu@example.com',
  meetingLocation: 'Banani',
  meetingDistrict: { _id: 'dhaka', en: 'Dhaka', bn: 'ঢাকা', division: { _id: 'dhaka', en: 'Dhaka', bn: 'ঢাকা' } },
  mobileNumber: '01711111111',
  state: 'paid',
  paid: true,
  payWith: 'protected',
  fee: 354000,
  meetingDate: '2026-11-25',
  windowEndsAt: null,
  dispute: null,
  sellerPhone: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  payment: { transactionId: 'txn_1', amount: 118000, paidAt: '2026-11-24T10:00:00.000Z' },
  review: null,
  refund: null,
  conversation: null,
  ...overrides,
});
