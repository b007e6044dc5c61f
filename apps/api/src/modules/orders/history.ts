import { paidStates } from '@market/contract';
import { inArray, not, sql } from 'drizzle-orm';
import { orders, refunds } from '../../db/schema.ts';

/** An order its buyer paid through the site (deal.ts `paidStates`: paid, or paid and refunded). */
export const paidOrder = inArray(orders.state, [...paidStates]);
/** The same states as an SQL list, for a query that names its orders by another name. */
export const paidStateList = sql.raw(paidStates.map((s) => `'${s}'`).join(', '));

/**
 * An order that is part of the money history (issue 17): paid, or with money given back for it. It is never
 * deleted (the database refuses it too); its buyer may only hide it from their list.
 */
export const moneyHistory = sql`(${paidOrder} or exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id}))`;

/** An open booking that may go with its phone, its buyer or its seller: no money ever moved for it. */
export const removableOrder = not(moneyHistory);
