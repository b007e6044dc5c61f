import { z } from 'zod';

export const DayCount = z.object({ date: z.string(), count: z.number() });
export type DayCount = z.infer<typeof DayCount>;

export const AdminOverview = z.object({
  totalProduct: z.number(),
  totalSeller: z.number(),
  totalBuyer: z.number(),
  /** Products created per day over the last 30 days, oldest first. */
  productsPerDay: z.array(DayCount),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

export const BuyerOverview = z.object({
  totalOrders: z.number(),
  totalPaidOrders: z.number(),
  ordersPerDay: z.array(z.object({ date: z.string(), orders: z.number(), paid: z.number() })),
});
export type BuyerOverview = z.infer<typeof BuyerOverview>;

const TotalOrders = z.array(z.object({ totalOrders: z.number() }));

export const SellerOverview = z.object({
  sellerProducts: z.number(),
  orderCount: TotalOrders,
  paidOrderCount: TotalOrders,
  perDay: z.array(z.object({ date: z.string(), products: z.number(), orders: z.number() })),
});
export type SellerOverview = z.infer<typeof SellerOverview>;
