import { bookedEvent } from '../modules/orders/process.ts';
import { recount } from '../modules/price-guide/service.ts';
import type { Db } from './client.ts';
import { orderEvents, orders, products } from './schema.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo phones whose model, storage and condition get a history of sales (their pages show the guide's badge). */
export const guidedPhones = ['iPhone 13', 'Galaxy S23', 'Redmi Note 12 Pro', 'Pixel 7'];
/** Each past sale: its price against the phone's asking price, and how many days ago it completed. */
// Around 4 % over the asking price, so the demo phones' pages show a price below the usual one.
const pastSales = [
  { factor: 0.97, daysAgo: 4 },
  { factor: 1.09, daysAgo: 11 },
  { factor: 1.02, daysAgo: 19 },
  { factor: 1.12, daysAgo: 27 },
  { factor: 1.04, daysAgo: 38 },
  { factor: 0.99, daysAgo: 52 },
  { factor: 1.1, daysAgo: 67 },
];

type Listing = typeof products.$inferSelect;
interface Party {
  id: string;
  name: string;
  email: string;
}

/**
 * The price guide's demo (issue 34): for each of `guidedPhones`, seven phones like it sold in the last 70 days by the
 * second demo seller to Farhan, in cash deals (book, accept, hand over, complete: no money passes through the site),
 * around its asking price, then the guide of each key counted. Neither demo account that signs in is a party to them.
 */
export async function seedPastSales(db: Db, listings: Listing[], seller: Party, buyer: Party, imei: (i: number) => string, now: number) {
  let n = 0;
  for (const name of guidedPhones) {
    const phone = listings.find((p) => p.productName === name && p.phoneModelId && p.storageGb);
    if (!phone) continue;
    for (const sale of pastSales) {
      const price = Math.round((phone.resalePrice * sale.factor) / 500) * 500;
      const soldAt = now - sale.daysAgo * DAY;
      const { id: _id, search: _search, heldBy: _held, createdAt: _created, ...copy } = phone;
      const [sold] = await db
        .insert(products)
        .values({
          ...copy,
          sellerId: seller.id,
          resalePrice: price,
          status: 'sold',
          advertise: false,
          report: false,
          imei: imei(100 + n++),
          createdAt: new Date(soldAt - 3 * DAY),
        })
        .returning();
      const [order] = await db
        .insert(orders)
        .values({
          productId: sold!.id,
          buyerId: buyer.id,
          sellerId: seller.id,
          productName: sold!.productName,
          productPrice: price,
          productImg: sold!.img,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          meetingLocation: 'Bashundhara City, Panthapath',
          meetingDistrict: 'dhaka',
          mobileNumber: '01911-000222',
          state: 'completed',
          payWith: 'cash',
          fee: 0,
          meetingDate: new Date(soldAt).toISOString().slice(0, 10),
          acceptedAt: new Date(soldAt - 2 * DAY),
          createdAt: new Date(soldAt - 2 * DAY),
        })
        .returning();
      const at = (hoursBefore: number) => new Date(soldAt - hoursBefore * HOUR);
      const base = { orderId: order!.id, actorId: seller.id } as const;
      await db.insert(orderEvents).values([
        { ...bookedEvent(order!.id, buyer.id), at: at(48) },
        { ...base, transition: 'accept', fromState: 'requested', toState: 'accepted', actorRole: 'seller', at: at(47) },
        { ...base, transition: 'hand_over', fromState: 'accepted', toState: 'handed_over', actorRole: 'seller', at: at(0) },
        { orderId: order!.id, transition: 'complete', fromState: 'handed_over', toState: 'completed', actorRole: 'site', actorId: null, at: at(0) },
      ]);
    }
    await recount(db, { modelId: phone.phoneModelId!, storageGb: phone.storageGb!, condition: phone.condition });
  }
}
