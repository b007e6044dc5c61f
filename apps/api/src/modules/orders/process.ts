import {
  dealTimers,
  dealTransitions,
  refusalOf,
  type DealActor,
  type DealEvent,
  type DealParty,
  type DealState,
  type DealTimerName,
  type DurationTimerName,
  type DealTransition,
  type DealTransitionName,
  type NotFoundWhat,
} from '@market/contract';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DealTimerDurations } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { jobs, notifications, orderEvents, orders, products } from '../../db/schema.ts';
import { notFound, wrongState } from '../../errors.ts';
import { completeDeals } from '../ledger/postings.ts';
import { notify } from '../notifications/service.ts';

/** Who makes a transition: their role in the deal, and their id (none for the site's own moves). */
export interface Mover {
  role: DealActor;
  id: string | null;
}

export const site: Mover = { role: 'site', id: null };

/** Where each party of a deal is: the buyer who booked, the phone's seller when it was booked. */
const partyOf: Record<DealParty, PgColumn> = { buyer: orders.buyerId, seller: orders.sellerId };

/**
 * The notifications of transition `name` for the deals whose ids `ids` selects: one for each party it tells
 * (deal.ts `tells`) that still has an account and did not make the move (`mover`), with the deal's own copy of the
 * phone's name. Answers their ids.
 */
const told = (name: DealTransitionName, ids: SQL, mover: string | null = null) =>
  sql`insert into ${notifications} (user_id, kind, order_id, product_name) ${sql.join(
    (dealTransitions[name] as DealTransition).tells.map(
      (party) =>
        sql`select ${partyOf[party]}, ${name}, ${orders.id}, ${orders.productName} from ${orders} where ${orders.id} in (${ids}) and ${partyOf[party]} is not null${
          mover ? sql` and ${partyOf[party]} <> ${mover}` : sql``
        }`,
    ),
    sql` union all `,
  )} returning id`;

/** The job that mails each notification of CTE `told` (notification-mail: it decides whether the person wants it). */
const mailJobs = sql`insert into ${jobs} (kind, payload) select 'notification-mail', jsonb_build_object('notificationId', id) from told`;
/** A 'price-guide' job for the model, storage and condition of each moved deal's phone (deal.ts `guide`; issue 34). */
const guideJobs = sql`insert into ${jobs} (kind, payload)
  select distinct 'price-guide', jsonb_build_object('modelId', p.phone_model_id, 'storageGb', p.storage_gb, 'condition', p.condition)
  from moved join ${products} p on p.id = moved.product_id where p.phone_model_id is not null and p.storage_gb is not null`;

/** Tells the parties of deal `orderId` of transition `name` (the start of a deal; `move` tells its own moves). */
export const tell = (db: Db, name: DealTransitionName, orderId: string) => db.execute(sql`with told as (${told(name, sql`${orderId}`)}) ${mailJobs}`);

/** What a transition does to the phones of the deals it moved (deal.ts `phone`), in the statement of the move. */
const phoneEffects = {
  // Reserved for this deal: its accept or its payment found it for sale, or already held by it.
  reserve: sql`update ${products} set status = 'reserved', held_by = moved.id from moved where ${products.id} = moved.product_id and (${products.heldBy} is null or ${products.heldBy} = moved.id)`,
  // For sale again, when this deal held it (a deal that never held its phone leaves it as it is).
  release: sql`update ${products} set status = 'available', held_by = null from moved where ${products.heldBy} = moved.id`,
  // Sold at its handover: off every list, no longer advertised.
  sell: sql`update ${products} set status = 'sold', held_by = null, advertise = false from moved where ${products.id} = moved.product_id`,
} satisfies Record<NonNullable<DealTransition['phone']>, SQL>;

/**
 * When timer `timer` of a deal is due, in SQL (the deal's row is `o`): after its configured time, or at its moment of
 * the deal (the reminder: the meeting day, 8:00 in Bangladesh = 02:00 UTC, at once when that is past). Null when it
 * runs for a time and no durations were given.
 */
function dueAt(timer: DealTimerName, durations: DealTimerDurations | undefined): SQL | null {
  const t = dealTimers[timer];
  if ('tells' in t) return sql`greatest(now(), (o.meeting_date + time '02:00') at time zone 'UTC')`;
  return durations ? sql`now() + make_interval(secs => ${durations[timer as DurationTimerName] / 1000})` : null;
}

/** The timers transition `name` starts for the deals of CTE `moved`: a 'deal-timer' job each (a CTE each), due as `dueAt` says. */
const timerJobs = (name: DealTransitionName, durations: DealTimerDurations | undefined) =>
  ((dealTransitions[name] as DealTransition).starts ?? []).flatMap((timer) => {
    const due = dueAt(timer, durations);
    if (!due) return [];
    return [
      sql`${sql.identifier(`timer_${timer}`)} as (insert into ${jobs} (kind, payload, run_at) select 'deal-timer', jsonb_build_object('orderId', moved.id, 'timer', ${timer}::text), ${due} from moved join ${orders} o on o.id = moved.id),`,
    ];
  });

export interface MoveOptions {
  /** More columns to set, unqualified (`accepted_at = now()`). */
  set?: SQL;
  /** A further condition on the deal (its row `orders`, its state before the move `prev.state`). */
  when?: SQL;
  /** The durations of the timers the transition starts (deal.ts `starts`); without them only those due at a moment of the deal start. */
  timers?: DealTimerDurations;
}

/**
 * Moves the deals `which` picks along transition `name` (packages/contract/src/deal.ts): those in one of its
 * from-states for which `when` holds go to its to-state, with `set`; each gets its `order_events` row, its
 * notifications with their mail jobs, its timers and what the transition does to its phone, all in one statement.
 * A transition that changes phones first locks them (a phone before its bookings, the order every writer of both
 * keeps, or two of them deadlock; and two accepts of one phone are one after the other). A transition that completes
 * deals writes their money into the ledger in the same transaction. The deals' rows are
 * locked too, so two moves of one deal at once are one after the other: the second finds the state the first left
 * and moves only if that is still allowed. Answers the ids that moved.
 */
export async function move(db: Db, name: DealTransitionName, which: SQL, by: Mover, opts: MoveOptions = {}): Promise<string[]> {
  const t: DealTransition = dealTransitions[name];
  if (!t.phone && t.money !== 'complete') return moveNow(db, name, which, by, opts);
  return db.transaction(async (tx) => {
    if (t.phone)
      await tx.execute(sql`select 1 from ${products} where ${products.id} in (select ${orders.productId} from ${orders} where ${which}) for no key update`);
    const moved = await moveNow(tx as unknown as Db, name, which, by, opts);
    // The money of a completed deal goes to its seller, less the site's fee (the ledger), with the move.
    if (t.money === 'complete') await completeDeals(tx as unknown as Db, moved);
    return moved;
  });
}

async function moveNow(db: Db, name: DealTransitionName, which: SQL, by: Mover, opts: MoveOptions): Promise<string[]> {
  const t: DealTransition = dealTransitions[name];
  const from = sql.join(
    t.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with prev as (select ${orders.id} as id, ${orders.state} as state from ${orders} where ${which} for update),
    moved as (
      update ${orders} set state = ${t.to}${opts.set ? sql`, ${opts.set}` : sql``}
      from prev where ${orders.id} = prev.id and prev.state in (${from})${opts.when ? sql` and ${opts.when}` : sql``}
      returning ${orders.id} as id, prev.state as from_state, ${orders.productId} as product_id
    ),
    ${t.phone ? sql`phone as (${phoneEffects[t.phone]}),` : sql``}
    ${t.guide ? sql`guided as (${guideJobs}),` : sql``}
    ${sql.join(timerJobs(name, opts.timers), sql` `)}
    told as (${told(name, sql`select id from moved`, by.id)}),
    mailed as (${mailJobs})
    insert into ${orderEvents} (order_id, transition, from_state, to_state, actor_role, actor_id)
    select id, ${name}, from_state, ${t.to}, ${by.role}, ${by.id} from moved
    returning order_id as id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/**
 * Starts the timers transition `name` starts (deal.ts `starts`) for deal `orderId`: a 'deal-timer' job each, due as
 * `dueAt` says. Call in the transition's transaction, so a timer exists exactly when its start does.
 */
export async function startTimers(db: Db, name: DealTransitionName, orderId: string, durations: DealTimerDurations) {
  for (const timer of (dealTransitions[name] as DealTransition).starts ?? []) {
    const due = dueAt(timer, durations)!;
    await db.execute(
      sql`insert into ${jobs} (kind, payload, run_at) select 'deal-timer', jsonb_build_object('orderId', o.id, 'timer', ${timer}::text), ${due} from ${orders} o where o.id = ${orderId}`,
    );
  }
}

/**
 * The job of a timer that ran out: fires its transition (by the site), which moves the deal only from a state it
 * leaves from (a booking answered, paid or cancelled meanwhile stays as it is), or tells its notice. Safe to run twice.
 */
export const timerJob =
  (db: Db) =>
  async ({ orderId, timer }: { orderId: string; timer: DealTimerName }): Promise<void> => {
    const t = dealTimers[timer];
    if ('fires' in t) await move(db, t.fires, eq(orders.id, orderId), site);
    else await remind(db, orderId);
  };

/**
 * The meeting day's reminder (issue 31, item 6): both parties of a deal that still waits for its handover (it holds
 * the phone: accepted, or paid) are told, once, however many of its moves started the timer (an accept, a payment).
 * The deal's row is locked, so two reminders due at once tell once.
 */
async function remind(db: Db, orderId: string) {
  await db.transaction(async (tx) => {
    const [deal] = await tx
      .select({ state: orders.state, buyerId: orders.buyerId, sellerId: orders.sellerId, productName: orders.productName })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!deal || (deal.state !== 'accepted' && deal.state !== 'paid')) return;
    const [told] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.kind, 'remind')))
      .limit(1);
    if (told) return;
    const parties = [deal.buyerId, deal.sellerId].filter((id): id is string => id !== null);
    await notify(
      tx as unknown as Db,
      'remind',
      parties.map((userId) => ({ userId, productName: deal.productName, orderId })),
    );
  });
}

/** The event of a deal's start: its booking, by its buyer. */
export const bookedEvent = (orderId: string, buyerId: string) =>
  ({ orderId, transition: 'book', fromState: null, toState: dealTransitions.book.to, actorRole: 'buyer', actorId: buyerId }) as const;

/** A deal's timeline (issue 31, item 7): its events in the order they were written, each with the role that made it. */
export async function dealEvents(db: Db, orderId: string): Promise<DealEvent[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq));
  return rows.map((e) => ({ transition: e.transition, from: e.fromState, to: e.toState, by: e.actorRole, at: e.at.toISOString() }));
}

/**
 * Locks the phone of deal `orderId` (in the caller's transaction), before anything locks the deal: the order every
 * writer of both keeps (payments, moves that change phones, marking sold, deleting a listing), or two of them deadlock.
 */
export async function lockPhoneOf(db: Db, orderId: string) {
  await db.execute(
    sql`select 1 from ${products} where ${products.id} = (select ${orders.productId} from ${orders} where ${orders.id} = ${orderId}) for no key update`,
  );
}

/** A deal's state now (null when there is no such order). */
export async function stateOf(db: Db, id: string): Promise<DealState | null> {
  const [row] = await db.select({ state: orders.state }).from(orders).where(eq(orders.id, id));
  return row?.state ?? null;
}

/** The 409 of transition `name` asked of a deal in `state`, which it does not leave from: the deal table's code, with the state. */
export const refusal = (name: DealTransitionName, state: DealState) => wrongState(refusalOf(name, state), state);

/** Why `name` did not move deal `id`: 404 if there is no such deal (`what` it is to the asker), else the 409 of its state. */
export async function refuse(db: Db, name: DealTransitionName, id: string, what: NotFoundWhat = 'Order'): Promise<never> {
  const state = await stateOf(db, id);
  if (!state) throw notFound(what);
  throw refusal(name, state);
}
