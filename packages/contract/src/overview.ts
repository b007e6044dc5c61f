import { z } from 'zod';
import { periods } from './rules.ts';

export const DayCount = z.object({ date: z.string(), count: z.number() });
export type DayCount = z.infer<typeof DayCount>;

export const Period = z.enum(periods, { error: 'must be Daily, Weekly or Monthly' });
export type Period = z.infer<typeof Period>;
export const PeriodQuery = z.object({ period: Period.default('Daily') });

export const AdminOverview = z.object({
  totalProduct: z.number(),
  totalSeller: z.number(),
  totalBuyer: z.number(),
  period: Period,
  /**
   * Products posted per period, oldest first, each under the date its period starts (Dhaka time):
   * Daily the last 30 days, Weekly the last 12 weeks (from Monday), Monthly the last 12 months.
   */
  productsPerPeriod: z.array(DayCount),
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
