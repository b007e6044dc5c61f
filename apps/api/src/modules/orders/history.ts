import { historyStates } from '@market/contract';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { orders, refunds } from '../../db/schema.ts';

/** An order its buyer paid through the site (deal.ts `isPaid`): the spec's `paid`, the paid orders of every count, the Admin's Payments. */
export const paidOrder = and(eq(orders.payWith, 'protected'), inArray(orders.state, [...historyStates]))!;

/**
 * An order that is part of the money history (issue 17): paid, or with money given back for it. It is never
 * deleted (the database refuses it too); its buyer may only hide it from their list.
 */
export const moneyHistory = sql`(${paidOrder} or exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id}))`;

/** An open booking that may go with its phone, its buyer or its seller: no money ever moved for it. */
export const removableOrder = not(moneyHistory);
