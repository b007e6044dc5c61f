import { endpoints as e, type FeeTerms } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { DealTimerDurations } from '../../config.ts';
import { route } from '../../route.ts';
import { resolveUser } from '../users/resolve.ts';
import { dealEvents } from './process.ts';
import * as dispute from './dispute.ts';
import * as handover from './handover.ts';
import * as service from './service.ts';

export default async function orderRoutes(
  app: FastifyInstance,
  { provider, timers, fees, handoverSecret }: { provider: string; timers: DealTimerDurations; fees: FeeTerms; handoverSecret: string },
) {
  // A move queues its notifications' mails: the worker takes them now, not at its next poll.
  const nudged = <T>(answer: T) => (app.jobs.nudge(), answer);
  route(app, e.book, async ({ user, body }) => nudged(await service.createOrder(app.db, user, body, timers, fees)));
  route(app, e.buyerOrders, async ({ params, query }) => service.listForBuyer(app.db, (await resolveUser(app.db, params.id)).id, query));
  route(app, e.sellerBookings, async ({ params, query }) => service.listForSeller(app.db, (await resolveUser(app.db, params.id)).id, query));
  route(app, e.declineBooking, async ({ params, user }) => nudged(await service.declineBooking(app.db, params.id, user)));
  route(app, e.acceptBooking, async ({ params, user }) => nudged(await service.acceptBooking(app.db, params.id, user)));
  route(app, e.order, ({ params }) => service.getOrder(app.db, params.id));
  route(app, e.orderEvents, ({ params }) => dealEvents(app.db, params.id));
  route(app, e.bookingEvents, ({ params }) => dealEvents(app.db, params.id));
  route(app, e.handoverCode, ({ params }) => handover.handoverCode(app.db, params.id, handoverSecret));
  route(app, e.handOver, async ({ params, body, user }) => nudged(await handover.handOver(app.db, params.id, user, body.code, handoverSecret, timers)));
  route(app, e.callOffOrder, async ({ params, user }) => nudged(await handover.callOff(app.db, params.id, { role: 'buyer', id: user.id }, provider)));
  route(app, e.callOffBooking, async ({ params, user }) => nudged(await handover.callOff(app.db, params.id, { role: 'seller', id: user.id }, provider)));
  route(app, e.openDispute, async ({ params, body, user }) => nudged(await dispute.openDispute(app.db, params.id, user, body)));
  route(app, e.disputes, ({ query }) => dispute.listDisputes(app.db, query));
  route(app, e.askDispute, async ({ params, body, user }) => nudged(await dispute.askDispute(app.db, params.id, user, body)));
  route(app, e.answerDisputeOrder, ({ params, body, user }) => dispute.answerDispute(app.db, params.id, { role: 'buyer', id: user.id }, body.text));
  route(app, e.answerDisputeBooking, ({ params, body, user }) => dispute.answerDispute(app.db, params.id, { role: 'seller', id: user.id }, body.text));
  route(app, e.decideDispute, async ({ params, body, user }) => nudged(await dispute.decideDispute(app.db, params.id, user, body, provider)));
  route(app, e.paidOrders, ({ query }) => service.listPaid(app.db, query));
  route(app, e.refundOrder, async ({ params, body, user }) => {
    const order = await service.refundOrder(app.db, user, params.id, body.reason, provider);
    // The refund starts now, not at the next poll.
    app.jobs.nudge();
    return order;
  });
  route(app, e.deleteOrder, async ({ params, user }) => nudged({ deleted: true as const, ...(await service.deleteOrder(app.db, params.id, user)) }));
}
