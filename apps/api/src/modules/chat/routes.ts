import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { publicOrigin } from '../../public-origin.ts';
import { route } from '../../route.ts';
import * as moderation from './moderation.ts';
import * as push from './push.ts';
import * as service from './service.ts';

/**
 * Conversations (issue 33): each write commits, then announces whose live streams have news (app.live) and nudges
 * the job worker (pushes, the digest). The live stream itself is a hijacked response the hub keeps open.
 */
export default async function chatRoutes(app: FastifyInstance, { config }: { config: Config }) {
  /** Where people reach this site: links to it in a message are no scam sign. */
  const ownHosts = () => [new URL(publicOrigin(app.server, config)).hostname];
  /** After a commit: the live streams of these people; the job worker only when a push is due now (the digest waits 15 minutes). */
  const told = (people: string[], pushes = 0) => {
    app.live.announce(people);
    if (pushes > 0) app.jobs.nudge();
  };

  route(app, e.startConversation, async ({ body, user }) => {
    const { conversationId, other, pushes } = await service.startConversation(app.db, user, body, ownHosts());
    told([user.id, other], pushes);
    return service.getConversation(app.db, user.id, conversationId);
  });
  route(app, e.conversations, ({ query, user }) => service.listConversations(app.db, user.id, query));
  route(app, e.unreadMessages, ({ user }) => service.unreadTotal(app.db, user.id));
  route(app, e.conversation, ({ params, user }) => service.getConversation(app.db, user.id, params.id));
  route(app, e.conversationMessages, ({ params, query }) => service.listMessages(app.db, params.id, query));
  route(app, e.sendMessage, async ({ params, body, user }) => {
    const { message, other, pushes } = await service.sendMessage(app.db, user, params.id, body, ownHosts());
    told([user.id, other], pushes);
    return message;
  });
  route(app, e.readConversation, async ({ params, body, user }) => {
    const conversation = await service.readConversation(app.db, user, params.id, body.seq);
    told([user.id, conversation.other._id]);
    return conversation;
  });
  route(app, e.reportMessage, ({ params, body, user }) => moderation.reportMessage(app.db, user, params.id, body));
  route(app, e.blockedUsers, ({ query, user }) => service.listBlocked(app.db, user.id, query));
  route(app, e.blockUser, ({ params, user }) => service.block(app.db, user, params.id));
  route(app, e.unblockUser, ({ params, user }) => service.unblock(app.db, user, params.id));

  route(app, e.messageReports, ({ query }) => moderation.messageReportQueue(app.db, query));
  route(app, e.reportedConversation, ({ params, user }) => moderation.readReportedConversation(app.db, user, params.id));
  route(app, e.dismissMessageReports, async ({ params, body, user }) => {
    const out = await moderation.dismissMessageReports(app.db, user, params.id, body);
    app.jobs.nudge();
    return out;
  });
  route(app, e.warnSender, async ({ params, body, user }) => {
    const out = await moderation.warnSender(app.db, user, params.id, body);
    app.jobs.nudge();
    return out;
  });

  route(app, e.liveEvents, async ({ request, reply, user }) => {
    const last = request.headers['last-event-id'];
    reply.hijack();
    app.handlerFinished(request);
    try {
      await app.live.open(user.id, reply.raw, typeof last === 'string' ? last : undefined);
    } catch (err) {
      // The answer has begun: the client reconnects with its last id.
      request.log.error({ err }, 'live stream: could not open');
      reply.raw.end();
    }
    return reply;
  });

  route(app, e.pushKey, async () => ({ publicKey: config.chat.vapid.publicKey }));
  route(app, e.subscribePush, ({ body, user }) => push.subscribe(app.db, user.id, body, config.chat.pushServices));
  route(app, e.unsubscribePush, ({ body, user }) => push.unsubscribe(app.db, user.id, body.endpoint));
}
