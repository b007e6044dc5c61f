import { and, eq, not, sql } from 'drizzle-orm';
import { orders, refunds } from '../../db/schema.ts';

/**
 * An order that is part of the money history (issue 17): paid, or with money given back for it. It is never
 * deleted (the database refuses it too); its buyer may only hide it from their list.
 */
export const moneyHistory = sql`(${orders.paid} or exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id}))`;

/** An open booking that may go with its phone, its buyer or its seller: no money ever moved for it. */
export const removableOrder = and(eq(orders.paid, false), not(moneyHistory))!;
