import type { Earnings, Fees, PageQuery, Sale } from '@market/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paged } from '../../pagination.ts';
import { account, balances } from './books.ts';

/** A seller's money (issue 32): their accounts' balances, and what their payouts' confirmations took out. */
export async function earningsOf(db: Db, sellerId: string, fees: Fees, payoutMinimum: number): Promise<Earnings> {
  const [held, seller, payouts] = [account.held(sellerId), account.seller(sellerId), account.payouts(sellerId)];
  const found = await balances(db, [held.key, seller.key, payouts.key]);
  const paid = (await db.execute(sql`
    select coalesce(-sum(l.amount), 0) as paid from ledger_lines l join ledger_entries e on e.id = l.entry_id
    where l.account = ${payouts.key} and e.cause = 'payout_paid'`)) as unknown as { rows: { paid: string }[] };
  return {
    held: found.get(held.key)!,
    available: found.get(seller.key)!,
    payingOut: found.get(payouts.key)!,
    paidOut: Number(paid.rows[0]!.paid),
    fees,
    payoutMinimum,
  };
}

interface SaleRow {
  id: string;
  product_name: string;
  buyer_name: string;
  product_price: number;
  pay_with: Sale['payWith'];
  state: Sale['state'];
  created_at: string | Date;
  held: string;
  fee: string;
  net: string;
  refunded: string;
}

/**
 * The seller's sales, newest first: their deals paid through the site (whatever became of them) and their completed
 * cash deals, each with what the ledger moved for it: held now, the fee, the net to the seller, given back.
 */
async function saleRows(db: Db, sellerId: string, limit: number, cursor: string | undefined): Promise<SaleRow[]> {
  const result = (await db.execute(sql`
    select o.id, o.product_name, o.buyer_name, o.product_price, o.pay_with, o.state, o.created_at,
      coalesce(m.held, 0) as held, coalesce(m.fee, 0) as fee, coalesce(m.net, 0) as net, coalesce(m.refunded, 0) as refunded
    from orders o
    left join lateral (
      select sum(l.amount) filter (where l.account like 'held:%') as held,
        sum(l.amount) filter (where l.account = 'fees') as fee,
        sum(l.amount) filter (where l.account like 'seller:%') as net,
        -sum(l.amount) filter (where e.cause = 'refund' and l.account <> 'refunds' and l.account not like 'provider:%') as refunded
      from ledger_entries e join ledger_lines l on l.entry_id = e.id where e.order_id = o.id
    ) m on true
    where o.seller_id = ${sellerId}
      and (o.state = 'completed' or exists (select 1 from ledger_entries p where p.order_id = o.id and p.cause = 'payment'))
      ${cursor ? sql`and (o.created_at, o.id) < (select created_at, id from orders where id = ${cursor})` : sql``}
    order by o.created_at desc, o.id desc
    limit ${limit}`)) as unknown as { rows: SaleRow[] };
  return result.rows;
}

const toSale = (r: SaleRow): Sale => ({
  orderId: r.id,
  productName: r.product_name,
  buyerName: r.buyer_name,
  price: Number(r.product_price),
  payWith: r.pay_with,
  state: r.state,
  held: Number(r.held),
  fee: Number(r.fee),
  net: r.pay_with === 'cash' ? Number(r.product_price) * 100 : Number(r.net),
  refunded: Number(r.refunded),
  bookedAt: new Date(r.created_at).toISOString(),
});

export async function salesOf(db: Db, sellerId: string, query: PageQuery) {
  const rows = await saleRows(db, sellerId, query.limit + 1, query.cursor);
  const { items, nextCursor } = paged(rows, query, (r) => r.id);
  return { items: items.map(toSale), nextCursor };
}

/** Taka with its poisha, as a CSV cell (1234.5 taka is "1234.50"). */
const taka = (poisha: number) => (poisha / 100).toFixed(2);
/** A CSV cell of people's words: quoted when it must be, and never read as a formula by a spreadsheet (a leading = + - @ is defused). */
const words = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Every sale of the seller as CSV (newest first, amounts in taka), read a thousand at a time. */
export async function salesCsv(db: Db, sellerId: string): Promise<string> {
  const lines = ['booked,phone,buyer,paid with,state,price,held,fee,net,refunded,deal'];
  let cursor: string | undefined;
  for (;;) {
    const rows = await saleRows(db, sellerId, 1000, cursor);
    for (const s of rows.map(toSale))
      lines.push(
        [
          s.bookedAt,
          words(s.productName),
          words(s.buyerName),
          s.payWith,
          s.state,
          taka(s.price * 100),
          taka(s.held),
          taka(s.fee),
          taka(s.net),
          taka(s.refunded),
          s.orderId,
        ].join(','),
      );
    if (rows.length < 1000) break;
    cursor = rows.at(-1)!.id;
  }
  return `${lines.join('\r\n')}\r\n`;
}
